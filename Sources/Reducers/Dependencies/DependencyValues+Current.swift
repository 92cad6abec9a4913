public import Dependencies

extension DependencyValues {
    /// The value `keyPath` names among the values bound now — the store's, a sandbox's, a test's —
    /// in one lookup, for a reducer that reads a dependency where it runs.
    ///
    /// `@Dependency` also merges the values captured where the wrapper was declared into the
    /// current ones and binds the result as a task-local around every read: what a dependency
    /// declared in one context and read in another needs, but not one declared and read within one
    /// reduce, where both are the same values. There it cost ~0.5 µs a read: 10 % of a cached
    /// `GET /todos/{id}`, which reads two (issue #14, measured).
    public static func current<Value>(_ keyPath: KeyPath<DependencyValues, Value>) -> Value {
        _current[keyPath: keyPath]
    }
}
