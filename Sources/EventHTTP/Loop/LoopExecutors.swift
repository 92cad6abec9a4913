import Glibc

/// The serial executor of an `EventLoop`: a request's store is isolated to it.
///
/// Its isolation check compares threads, so a libevent callback — plain C, outside any Swift job —
/// can enter a store with `assumeIsolated` and reduce before the callback returns (the fast path).
///
/// `@unchecked Sendable`: `loop` is set once, by the loop's initializer before the executor is
/// shared, and the loop outlives its executors' use.
public final class LoopSerialExecutor: SerialExecutor, @unchecked Sendable {
    unowned(unsafe) var loop: EventLoop?

    init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        loop?.enqueue(UnownedJob(job))
    }

    public func isIsolatingCurrentContext() -> Bool? {
        loop?.inEventLoop ?? false
    }

    public func checkIsolated() {
        precondition(
            loop?.inEventLoop == true,
            "Code isolated to event loop \(loop?.index ?? -1) ran on another thread. Every store and libevent call must "
                + "stay on the loop that accepted its request (libevent#883); hop with loop.execute { … }."
        )
    }
}

/// The task executor of an `EventLoop`: effects prefer it, so they run on the request's thread except
/// while awaiting work that lives elsewhere (GRDB's queues, PostgresNIO's thread).
///
/// `@unchecked Sendable`: `loop` is set once, by the loop's initializer before the executor is
/// shared, and the loop outlives its executors' use.
public final class LoopTaskExecutor: TaskExecutor, @unchecked Sendable {
    unowned(unsafe) var loop: EventLoop?

    init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        loop?.enqueue(UnownedJob(job))
    }
}
