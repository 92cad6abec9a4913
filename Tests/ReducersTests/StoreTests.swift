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

    @Test(
        "a stall is reported with the action reduced last, whether the reduce or its effects' end revealed it",
        arguments: [
            (RuntimeFeature.Request.cancelLong, "request(ReducersTests.RuntimeFeature.Request.cancelLong)"),
            (.finishInPlace, "request(ReducersTests.RuntimeFeature.Request.finishInPlace)"),
            (
                .readInPlace,
                "internal(ReducersTests.RuntimeFeature.Internal.fetched(Swift.Result<Swift.Int, Swift.Error>.success(42)))"
            ),
        ])
    func stallNamesLastAction(request: RuntimeFeature.Request, reported: String) {
        let executor = TestExecutor()
        let stalled = Mutex<[String]>([])
        let record: @Sendable (RuntimeFeature.State, RuntimeFeature.Action) -> Void = { _, action in
            stalled.withLock { $0.append(String(describing: action)) }
        }
        let store = Store(
            initialState: RuntimeFeature.State(),
            reducer: RuntimeFeature(attempts: AttemptCounter()),
            executors: StoreExecutors(serial: executor.serial, task: executor.task),
            observer: StoreObserver(didStall: record)
        )
        onStore(store, executor) { await $0.start(request) }
        #expect(stalled.withLock { $0 } == [reported])
    }

    @Test("a store an observer cancels during a reduce reports no stall, though no effect is left")
    func cancelledDuringReduceDoesNotStall() {
        let executor = TestExecutor()
        let stalls = AttemptCounter()
        let holder = Mutex<Store<RuntimeFeature>?>(nil)
        let store = Store(
            initialState: RuntimeFeature.State(),
            reducer: RuntimeFeature(attempts: AttemptCounter()),
            executors: StoreExecutors(serial: executor.serial, task: executor.task),
            observer: StoreObserver(
                didReduce: { _, _ in holder.withLock { $0 }?.assumeIsolated { $0.cancelAll() } },
                didStall: { _, _ in _ = stalls.increment() })
        )
        holder.withLock { $0 = store }
        onStore(store, executor) { await $0.start(.cancelLong) }
        #expect(stalls.value == 0, "the answer that closed its connection cancelled the store: no stall")
    }

    /// Starts `request` on a fresh store and returns its log as it was when `start` returned, read
    /// in the same job, before any later job could run.
    func logWhenStartReturned(_ request: RuntimeFeature.Request) -> [String] {
        let executor = TestExecutor()
        let store = makeStore(executor, stalls: AttemptCounter())
        let log = Mutex<[String]>([])
        onStore(store, executor) { store in
            let seen = await store.startThenReadLog(request)
            log.withLock { $0 = seen }
        }
        return log.withLock { $0 }
    }

    @Test("an effect that completes without suspending is reduced before the reduce that started it returns")
    func effectDeliveredInPlace() {
        #expect(
            logWhenStartReturned(.readInPlace) == ["fetched 42"],
            "the effect's action waited for a later job: the store must take it in place, after the reduce in progress"
        )
    }

    @Test("actions sent in place during a reduce are reduced after it, in the order they were sent")
    func inPlaceActionsKeepTheirOrder() {
        #expect(logWhenStartReturned(.readTwiceInPlace) == ["fetched 1", "fetched 2"])
    }

    @Test("an effect that ends before its task is recorded is not left running: the stall is reported")
    func effectEndingInPlaceIsNotLeftRunning() {
        let executor = TestExecutor()
        let stalls = AttemptCounter()
        let store = makeStore(executor, stalls: stalls)
        let running = Mutex(-1)
        onStore(store, executor) { store in
            await store.start(.finishInPlace)
            let count = await store.runningEffectCount
            running.withLock { $0 = count }
        }
        #expect(running.withLock { $0 } == 0, "the ended effect's task is still counted as running")
        #expect(stalls.value == 1, "a request left unanswered with no effect running is a stall, reported once")
    }
}

extension Store where R == RuntimeFeature {
    /// Starts `request` and reads the log in the same job, before any later job could run.
    fileprivate func startThenReadLog(_ request: RuntimeFeature.Request) -> [String] {
        start(request)
        return state.log
    }
}
