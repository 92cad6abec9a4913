public import Dependencies

extension TodoEventLog: DependencyKey {
    /// One log for the process's default store; each sandbox's store gets its own.
    public static let liveValue = TodoEventLog()
    /// A fresh log per test.
    public static var testValue: TodoEventLog { TodoEventLog() }
}

extension DependencyValues {
    /// The change feed of the todo store requests read and write (`GET /todos/events`).
    public var todoEvents: TodoEventLog {
        get { self[TodoEventLog.self] }
        set { self[TodoEventLog.self] = newValue }
    }
}
