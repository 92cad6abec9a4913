import CasePathsCore
import Clocks
import Dependencies
import Reducers
import ReducersTesting
import Testing

@Suite("Effect semantics")
struct EffectSemanticsTests {
    let clock = TestClock()

    func makeStore(
        attempts: AttemptCounter = AttemptCounter(),
        clock: (any Clock<Duration>)? = nil
    ) -> TestStore<RuntimeFeature> {
        let chosen = clock ?? self.clock
        return TestStore(initialState: RuntimeFeature.State()) {
            RuntimeFeature(attempts: attempts)
        } withDependencies: {
            $0.continuousClock = chosen
            $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededGenerator(seed: 7))
        }
    }

    @Test("merge runs effects concurrently, so the faster one reports first")
    func mergeRunsConcurrently() async {
        let store = makeStore()
        await store.send(.merge)
        await clock.advance(by: .seconds(2))
        await store.receive(\.internal.step) { $0.log = ["fast"] }
        await store.receive(\.internal.step) { $0.log = ["fast", "slow"] }
        await store.finish()
    }

    @Test("concatenate starts each effect only after the previous one finished")
    func concatenateRunsInSequence() async {
        let store = makeStore()
        await store.send(.concatenate)
        await clock.advance(by: .seconds(2))
        await store.receive(\.internal.step) { $0.log = ["first"] }
        await clock.advance(by: .seconds(1))
        await store.receive(\.internal.step) { $0.log = ["first", "second"] }
        await store.finish()
    }

    @Test("cancel(id:) stops a cancellable effect before it sends anything")
    func cancelStopsEffect() async {
        let store = makeStore()
        await store.send(.startLong(cancelInFlight: false)) { $0.log = ["started"] }
        await store.send(.cancelLong)
        await clock.advance(by: .seconds(30))
        await store.finish()
    }

    @Test("cancelInFlight replaces the running effect with the same id")
    func cancelInFlightReplaces() async {
        let store = makeStore()
        await store.send(.startLong(cancelInFlight: true)) { $0.log = ["started"] }
        await clock.advance(by: .seconds(5))
        await store.send(.startLong(cancelInFlight: true)) { $0.log = ["started", "started"] }
        await clock.advance(by: .seconds(10))
        await store.receive(\.internal.step) { $0.log = ["started", "started", "long"] }
        await store.finish()
    }

    @Test("without cancelInFlight both effects with the same id keep running")
    func withoutCancelInFlightBothRun() async {
        let store = makeStore()
        await store.send(.startLong(cancelInFlight: false)) { $0.log = ["started"] }
        await store.send(.startLong(cancelInFlight: false)) { $0.log = ["started", "started"] }
        await clock.advance(by: .seconds(10))
        await store.receive(\.internal.step) { $0.log = ["started", "started", "long"] }
        await store.receive(\.internal.step) { $0.log = ["started", "started", "long", "long"] }
        await store.finish()
    }

    @Test("cancellation ids belong to one store: cancelling in one leaves another running")
    func cancellationIsScopedToStore() async {
        let first = makeStore()
        let second = makeStore()
        await first.send(.startLong(cancelInFlight: false)) { $0.log = ["started"] }
        await second.send(.startLong(cancelInFlight: false)) { $0.log = ["started"] }
        await first.send(.cancelLong)
        await clock.advance(by: .seconds(10))
        await second.receive(\.internal.step) { $0.log = ["started", "long"] }
        await first.finish()
        await second.finish()
    }

    @Test("timeout cancels the effect and sends its action instead")
    func timeoutSendsAction() async {
        let store = makeStore()
        await store.send(.timeout)
        await clock.advance(by: .seconds(1))
        await store.receive(\.internal.timedOut) { $0.log = ["timed out"] }
        await clock.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("retry tries transient failures again and stops at the maximum", arguments: [1, 3, 5])
    func retryStopsAtMaximum(maxAttempts: Int) async {
        let attempts = AttemptCounter()
        let store = makeStore(attempts: attempts, clock: InstantClock())
        await store.send(.retry(failures: 10, maxAttempts: maxAttempts))
        await store.receive(\.internal.fetched.failure) { $0.log = ["gave up"] }
        await store.finish()
        #expect(attempts.value == maxAttempts)
    }

    @Test("retry delivers the first success")
    func retryDeliversSuccess() async {
        let attempts = AttemptCounter()
        let store = makeStore(attempts: attempts, clock: InstantClock())
        await store.send(.retry(failures: 2, maxAttempts: 5))
        await store.receive(\.internal.fetched.success) { $0.log = ["fetched 3"] }
        await store.finish()
        #expect(attempts.value == 3)
    }

    @Test("a retry maximum above 5 is clamped and reported")
    func retryMaximumIsClamped() {
        withKnownIssue {
            #expect(RetryPolicy(maxAttempts: 9).maxAttempts == 5)
        } matching: { issue in
            issue.description.contains("RetryPolicy(maxAttempts: 9) is outside 1…5")
        }
    }

    @Test("finishing the request (the response rule) cancels every remaining effect")
    func finishingCancelsEffects() async {
        let store = TestStore(initialState: RuntimeFeature.State()) {
            RuntimeFeature(attempts: AttemptCounter())
        } withDependencies: {
            $0.continuousClock = clock
        } isFinished: {
            $0.answer != nil
        }
        await store.send(.answerWhileWorking) { $0.answer = "answered" }
        // The 60 s effect never started: finish() would fail if it were still running.
        await store.finish(timeout: .milliseconds(100))
    }

    @Test("an effect that throws without catch: is reported with its call site")
    func uncaughtErrorIsReported() async {
        let store = makeStore()
        await withKnownIssue {
            await store.send(.fail)
            await store.finish()
        } matching: { issue in
            issue.description.contains("has no `catch:` handler")
        }
    }
}

/// A deterministic generator for jitter.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
