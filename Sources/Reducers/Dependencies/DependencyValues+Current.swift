public import Dependencies

extension DependencyValues {
    /// The value `keyPath` names among the values bound now — the store's, a sandbox's, a test's —
    /// for a reducer that reads a dependency where it runs: one lookup when the value is set on
    /// them; a value only prepared (`prepareDependencies`) goes through swift-dependencies' cache, a
    /// task-local, a lock and a cast (~0.4 µs), which is why the server sets the ones its hot
    /// reducers read on every sandbox's values (AppFeature's `SandboxDependencies.pinningHot`).
    ///
    /// `@Dependency` also merges the values captured where the wrapper was declared into the
    /// current ones and binds the result as a task-local around every read: what a dependency
    /// declared in one context and read in another needs, but not one declared and read within one
    /// reduce, where both are the same values. There it cost ~0.5 µs a read: 10 % of a cached
    /// `GET /todos/{id}`, which reads two (measured: BENCHMARKS.md).
    public static func current<Value>(_ keyPath: KeyPath<DependencyValues, Value>) -> Value {
        _current[keyPath: keyPath]
    }
}
