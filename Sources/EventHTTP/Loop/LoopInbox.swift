import CLibevent
import Glibc
import Synchronization

/// What other threads reach of an `EventLoop`: the work queued for it, the wake-up that makes its
/// thread run that work, and which thread it is.
///
/// An object of its own, held strongly by the loop's executors, because a task may keep an executor
/// — and queue work on it — after the loop has stopped and been freed: an effect cancelled at
/// shutdown finishes its database call later. The freed loop closes its inbox first, under the
/// same lock `enqueue` takes, so such work is dropped (its task, already cancelled, never resumes)
/// instead of waking an event base that no longer exists.
final class LoopInbox: @unchecked Sendable {
    /// Work for the loop thread.
    enum Work {
        case job(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    private struct State {
        var work: [Work] = []
        /// Whether the wake-up is already active for the work queued.
        var wakePending = false
        /// Whether the loop is gone.
        var isClosed = false
    }

    /// The loop's position in its group, for messages.
    let index: Int
    private let state = Mutex<State>(State())
    /// The running loop's thread, 0 when none: read on every effect's delivery, so atomic, not locked.
    private let threadID = Atomic<UInt>(0)
    /// The loop's never-added user event: set by `open(waking:)` before the inbox is shared, used
    /// only under the lock while the inbox is open.
    private nonisolated(unsafe) var wakeEvent: OpaquePointer?

    init(index: Int) {
        self.index = index
    }

    /// Whether the calling thread is the loop's thread.
    var isLoopThread: Bool {
        threadID.load(ordering: .relaxed) == pthread_self()
    }

    /// Wakes the loop through `event` from now on.
    func open(waking event: OpaquePointer) {
        wakeEvent = event
    }

    /// Records that the calling thread runs the loop, or (`false`) that it has stopped.
    func loopThread(isRunning: Bool) {
        threadID.store(isRunning ? pthread_self() : 0, ordering: .relaxed)
    }

    /// Queues `work` and wakes the loop, once for all the work queued before it runs; drops it when
    /// the loop is gone.
    func enqueue(_ work: Work) {
        state.withLock { state in
            guard !state.isClosed, let wakeEvent else { return }
            state.work.append(work)
            guard !state.wakePending else { return }
            state.wakePending = true
            event_active(wakeEvent, EV_READ, 0)
        }
    }

    /// The work queued so far, in order; later work wakes the loop again.
    func take() -> [Work] {
        state.withLock { state in
            state.wakePending = false
            defer { state.work.removeAll(keepingCapacity: true) }
            return state.work
        }
    }

    /// The loop is about to free its event base: no more wake-ups, and what is still queued is dropped.
    func close() {
        state.withLock { state in
            state.isClosed = true
            state.work.removeAll()
        }
    }
}
