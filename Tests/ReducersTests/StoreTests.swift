import Clocks
import Dependencies
import Reducers
import ReducersTesting
import Synchronization
import Testing

@Suite("Store")
struct StoreTests {
    /// Runs `body` on `store` through `executor` and returns once every queued job has run.
    func onStore(
        _ store: Store<RuntimeFeature>,
        _ executor: TestExecutor,
        _ body: @escaping @Sendable (Store<RuntimeFeature>) async -> Void
    ) {
        Task(executorPreference: executor.task) { await body(store) }
        executor.runUntilIdle()
    }

    func makeStore(_ executor: TestExecutor, stalls: AttemptCounter) -> Store<RuntimeFeature> {
        var dependencies = DependencyValues._current
        dependencies.continuousClock = TestClock()
        return Store(
            initialState: RuntimeFeature.State(),
            reducer: RuntimeFeature(attempts: AttemptCounter()),
            executors: StoreExecutors(serial: executor.serial, task: executor.task),
            dependencies: dependencies,
            observer: StoreObserver(didStall: { _, _ in _ = stalls.increment() })
        )
    }

    @Test("a store cancelled from outside does not report a stall when its effects end")
    func cancelledStoreDoesNotStall() {
        let executor = TestExecutor()
        let stalls = AttemptCounter()
        let store = makeStore(executor, stalls: stalls)
        onStore(store, executor) { await $0.start(.startLong(cancelInFlight: false)) }
        onStore(store, executor) { await $0.cancelAll() }
        #expect(stalls.value == 0)
        onStore(store, executor) { await $0.start(.merge) }
        #expect(stalls.value == 0, "a cancelled store ignores later requests")
    }

    @Test("a store that runs out of work unanswered reports a stall")
    func unansweredStoreStalls() {
        let executor = TestExecutor()
        let stalls = AttemptCounter()
        let store = makeStore(executor, stalls: stalls)
        onStore(store, executor) { await $0.start(.cancelLong) }
        #expect(stalls.value == 1)
    }
}
