import Glibc

/// The serial executor of an `EventLoop`: a request's store is isolated to it.
///
/// Its isolation check compares threads, so a libevent callback — plain C, outside any Swift job —
/// can enter a store (`Store.startInPlace`) and reduce before the callback returns (the fast path).
///
/// It reaches its loop through the loop's inbox, which outlives the loop: work queued after the loop
/// is gone is dropped, not sent to a freed event base (`LoopInbox`).
public final class LoopSerialExecutor: SerialExecutor, Sendable {
    let inbox: LoopInbox

    init(inbox: LoopInbox) {
        self.inbox = inbox
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        inbox.enqueue(.job(UnownedJob(job)))
    }

    public func isIsolatingCurrentContext() -> Bool? {
        inbox.isLoopThread
    }

    public func checkIsolated() {
        precondition(
            inbox.isLoopThread,
            "Code isolated to event loop \(inbox.index) ran on another thread. Every store and libevent call must "
                + "stay on the loop that accepted its request (libevent#883); hop with loop.execute { … }."
        )
    }
}

/// The task executor of an `EventLoop`: effects prefer it, so they run on the request's thread except
/// while awaiting work that lives elsewhere (GRDB's queues, PostgresNIO's thread).
///
/// Like the serial executor, it reaches its loop through the loop's inbox.
public final class LoopTaskExecutor: TaskExecutor, Sendable {
    let inbox: LoopInbox

    init(inbox: LoopInbox) {
        self.inbox = inbox
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        inbox.enqueue(.job(UnownedJob(job)))
    }
}
