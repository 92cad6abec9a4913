/// The two executors a store and its effects run on.
///
/// In production both belong to the event loop that accepted the request: the store is isolated to
/// `serial`, and effect tasks prefer `task`, so reducer, effects and reply share one thread unless an
/// effect awaits work that lives elsewhere. A `TestStore` passes its own pumped `TestExecutor` pair.
public struct StoreExecutors: Sendable {
    /// The executor the store actor is isolated to.
    public let serial: any SerialExecutor
    /// The executor effect tasks prefer.
    public let task: any TaskExecutor

    /// Pairs a serial executor with a task executor.
    public init(serial: any SerialExecutor, task: any TaskExecutor) {
        self.serial = serial
        self.task = task
    }
}
