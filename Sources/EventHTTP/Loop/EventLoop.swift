import CLibevent
import Glibc
import Synchronization

/// One event-loop thread: a libevent `event_base` plus the executors that run Swift work on it.
///
/// architecture.md §2.1: every evbuffer and event call for a base happens on its loop thread
/// (replying off-loop crashes under load, libevent#883). Other threads reach the loop only through
/// `execute(_:)` and the two executors, which append to its `LoopInbox` and wake the base with
/// `event_active` on a never-added user event, once for all the work queued before it runs.
///
/// The loop runs in turns: one wait for events, then every callback they made ready, then the
/// answers those callbacks queued (`writeAtEndOfTurn(_:)`), written together — and after each
/// batch of inbox work too, which a chain of jobs could otherwise prolong. Writing each answer
/// inside its callback interleaved reads and writes, and every write woke the client's thread on
/// its own (BENCHMARKS.md).
///
/// `@unchecked Sendable`: the inbox guards itself, and `base` and the queued writers are only used on
/// the loop thread (or before it starts, during set-up) — so the writers' queue, touched every turn,
/// skips the runtime's exclusivity check (`@exclusivity(unchecked)`).
public final class EventLoop: @unchecked Sendable {
    /// The loop's `event_base`.
    let base: OpaquePointer
    /// The executor a request's store is isolated to.
    public let serialExecutor: LoopSerialExecutor
    /// The executor a request's effects prefer.
    public let taskExecutor: LoopTaskExecutor
    /// The loop's position in its group, for logs.
    public var index: Int { inbox.index }
    private let inbox: LoopInbox
    private var wakeEvent: OpaquePointer?
    /// The writers with answers queued this turn, in the order they queued them.
    @exclusivity(unchecked) private var queuedWriters: [any EndOfTurnWriter] = []

    /// libevent's locking and cross-thread wake-ups, turned on once per process before the first
    /// base: a base made before `evthread_use_pthreads()` never wakes for work queued from another
    /// thread. A loop with no socket (an in-process server, a test's) then sleeps through its own
    /// stop, and whoever awaits its shutdown waits for ever.
    static let threadSupport: Void = { evthread_use_pthreads() }()

    /// Creates a loop and its base; the thread starts with `run()`.
    init(index: Int) throws(EventHTTPError) {
        _ = Self.threadSupport
        guard let base = event_base_new() else {
            throw .setup("event_base_new failed for loop \(index); libevent could not create an epoll instance.")
        }
        let inbox = LoopInbox(index: index)
        self.base = base
        self.inbox = inbox
        serialExecutor = LoopSerialExecutor(inbox: inbox)
        taskExecutor = LoopTaskExecutor(inbox: inbox)
        wakeEvent = event_new(
            base, -1, 0,
            { _, _, context in
                guard let context else { return }
                Unmanaged<EventLoop>.fromOpaque(context).takeUnretainedValue().drainInbox()
            }, Unmanaged.passUnretained(self).toOpaque())
        guard let wakeEvent else {
            event_base_free(base)
            throw .setup("event_new failed for loop \(index)'s wake-up event.")
        }
        inbox.open(waking: wakeEvent)
    }

    deinit {
        inbox.close()
        if let wakeEvent { event_free(wakeEvent) }
        event_base_free(base)
    }

    /// Whether the calling thread is this loop's thread.
    public var inEventLoop: Bool {
        inbox.isLoopThread
    }

    /// Has `writer` write its queued output once every callback of this turn — or of the inbox
    /// batch in progress — has run. Call on the loop thread.
    func writeAtEndOfTurn(_ writer: any EndOfTurnWriter) {
        assert(inEventLoop, "writeAtEndOfTurn ran off its loop thread.")
        queuedWriters.append(writer)
    }

    /// Runs `work` on the loop thread, after the work already queued.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        inbox.enqueue(.closure(work))
    }

    private func drainInbox() {
        for work in inbox.take() {
            switch work {
            case .job(let job):
                job.runSynchronously(
                    isolatedTo: serialExecutor.asUnownedSerialExecutor(),
                    taskExecutor: taskExecutor.asUnownedTaskExecutor()
                )
            case .closure(let closure):
                closure()
            }
        }
        // Jobs that enqueue jobs keep libevent's pass going (the wake-up event is active again
        // before the pass ends), so a batch's answers leave with the batch, not with the turn.
        writeQueued()
    }

    /// Runs the loop on the calling thread until `stop()`; called by `LoopGroup` on the loop's thread.
    func run() {
        inbox.loopThread(isRunning: true)
        repeat {
            // A base that fails (an epoll error) would fail again at once: stop rather than spin.
            guard event_base_loop(base, EVLOOP_ONCE | EVLOOP_NO_EXIT_ON_EMPTY) >= 0 else { break }
            writeQueued()
        } while event_base_got_exit(base) == 0 && event_base_got_break(base) == 0
        drainInbox()
        inbox.loopThread(isRunning: false)
    }

    private func writeQueued() {
        while !queuedWriters.isEmpty {
            let writers = queuedWriters
            queuedWriters.removeAll(keepingCapacity: true)
            for writer in writers { writer.writeQueued() }
        }
    }

    /// Makes `run()` return after `grace` (letting replies already written reach their sockets).
    /// Call on the loop thread.
    func stop(after grace: Duration = .zero) {
        var delay = grace.timeval
        event_base_loopexit(base, &delay)
    }
}
