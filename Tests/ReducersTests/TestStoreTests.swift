import CasePathsCore
import Clocks
import Dependencies
import Reducers
import ReducersTesting
import Testing

@Suite("TestStore")
struct TestStoreTests {
    let clock = TestClock()

    func makeStore() -> TestStore<RuntimeFeature> {
        TestStore(initialState: RuntimeFeature.State()) {
            RuntimeFeature(attempts: AttemptCounter())
        } withDependencies: {
            $0.continuousClock = clock
        }
    }

    @Test("a wrong state expectation fails with a diff")
    func stateMismatchShowsDiff() async {
        let store = makeStore()
        await withKnownIssue {
            await store.send(.startLong(cancelInFlight: false)) { $0.log = ["begun"] }
        } matching: { issue in
            let text = issue.description
            return text.contains("does not match the expectation (−: expected, +: actual)")
                && text.contains("\"begun\"") && text.contains("\"started\"")
        }
        await store.send(.cancelLong)
        await store.finish()
    }

    @Test("an assertion closure that expects a change which did not happen fails")
    func unchangedStateWithClosureFails() async {
        let store = makeStore()
        await withKnownIssue {
            await store.send(.cancelLong) { _ in }
        } matching: { issue in
            issue.description.contains("Expected the state to change")
        }
        await store.finish()
    }

    @Test("finish fails on received actions nobody asserted")
    func finishReportsUnassertedActions() async {
        let store = makeStore()
        await store.send(.merge)
        await clock.advance(by: .seconds(2))
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.description.contains("The store received 2 unasserted action(s)")
        }
    }

    @Test("finish fails on effects still running, then cancels them")
    func finishReportsRunningEffects() async {
        let store = makeStore()
        await store.send(.startLong(cancelInFlight: false)) { $0.log = ["started"] }
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(50))
        } matching: { issue in
            issue.description.contains("1 effect(s) still running after")
        }
    }

    @Test("receive fails when no action arrives in time")
    func receiveTimesOut() async {
        let store = makeStore()
        await store.send(.startLong(cancelInFlight: false)) { $0.log = ["started"] }
        await withKnownIssue {
            await store.receive(\.internal.step, timeout: .milliseconds(50))
        } matching: { issue in
            issue.description.contains("none arrived within")
        }
        await store.send(.cancelLong)
        await store.finish()
    }

    @Test("receive fails on an action of another case")
    func receiveWrongCase() async {
        let store = makeStore()
        await store.send(.timeout)
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await store.receive(\.internal.step) { $0.log = ["timed out"] }
        } matching: { issue in
            issue.description.contains("Received an action of another case than the one expected")
        }
        await store.finish()
    }

    @Test("sending before asserting received actions fails")
    func sendWithPendingActions() async {
        let store = makeStore()
        await store.send(.merge)
        await clock.advance(by: .seconds(2))
        await withKnownIssue {
            await store.send(.cancelLong)
        } matching: { issue in
            issue.description.contains("Must handle 2 received action(s)")
        }
        await store.finish()
    }

    @Test("with exhaustivity off, unasserted actions are skipped and partial assertions pass")
    func nonExhaustive() async {
        let store = makeStore()
        store.exhaustivity = .off
        await store.send(.merge)
        await clock.advance(by: .seconds(2))
        await store.send(.startLong(cancelInFlight: false))
        await clock.advance(by: .seconds(10))
        await store.receive(\.internal.step) { $0.log.append("long") }
        await store.finish()
        #expect(store.state.log == ["fast", "slow", "started", "long"])
    }

    @Test("dependencies can change between steps")
    func dependenciesChangeMidTest() async {
        let store = makeStore()
        store.dependencies.continuousClock = InstantClock()
        await store.send(.concatenate)
        await store.receive(\.internal.step) { $0.log = ["first"] }
        await store.receive(\.internal.step) { $0.log = ["first", "second"] }
        await store.finish()
    }

    @Test("a store that is never finished reports it")
    func unfinishedStoreReports() {
        withKnownIssue {
            _ = makeStore()
        } matching: { issue in
            issue.description.contains("was never finished")
        }
    }
}
