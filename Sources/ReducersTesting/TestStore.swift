public import CasePathsCore
import CustomDump
public import Dependencies
import IssueReporting
public import Reducers
import Synchronization

/// Drives a feature's production `Store` step by step and checks every state change and effect.
///
/// Exhaustive by default: `send` must describe exactly how the request changes state, every action
/// an effect sends must be `receive`d in order, and `finish()` fails on anything left over. Failures
/// go through IssueReporting at the caller's line, so XCTest and Swift Testing both see them, with a
/// CustomDump diff. The store runs on this test store's own `TestExecutor`, pumped on the test's
/// thread, so tests run in parallel without a global executor hook.
///
/// ```swift
/// let store = TestStore(initialState: TodosFeature.State()) { TodosFeature() } withDependencies: {
///     $0.todoRepository.fetch = { _ in .checkMail }
/// }
/// await store.send(.fetch(id))
/// await store.receive(\.internal.fetched.success) { $0.response = … }
/// await store.finish()
/// ```
public final class TestStore<R: Reducer> where R.State: Equatable & Sendable, R.Action: RoutableAction {
    /// The state as the test has asserted it so far.
    public private(set) var state: R.State
    /// How strictly this store checks; `.on` unless a test says why not.
    public var exhaustivity: Exhaustivity = .on
    /// How long `receive` and `finish` wait for effects before failing. A bound on a hang, not a
    /// speed test: both return as soon as the effects are done, and effects on real repositories can
    /// wait seconds for a thread when the whole suite runs on two cores.
    public var timeout: Duration = .seconds(30)
    /// The dependencies the store's reduces and effects see; changes apply to later steps.
    public var dependencies: DependencyValues {
        didSet { runOnStore { [dependencies] in await $0.setDependencies(dependencies) } }
    }

    private let store: Store<R>
    private let executor = TestExecutor()
    private let log = ReduceLog<R.Action, R.State>()
    private var isFinished = false
    private let origin: SourceLocation

    /// Creates a test store whose dependencies start from the test context's unimplemented values,
    /// changed by `prepareDependencies`. `isFinished` is the response rule to apply (HTTP features
    /// pass `{ $0.response != nil }`); by default the store never finishes on its own.
    public init(
        initialState: R.State,
        reducer: () -> R,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        isFinished: @escaping @Sendable (R.State) -> Bool = { _ in false },
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        var dependencies = DependencyValues._current
        prepareDependencies(&dependencies)
        self.dependencies = dependencies
        self.state = initialState
        self.origin = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let log = self.log
        self.store = Store(
            initialState: initialState,
            reducer: reducer(),
            executors: StoreExecutors(serial: executor.serial, task: executor.task),
            dependencies: dependencies,
            observer: StoreObserver(didReduce: { log.append($0, $1) }, isFinished: isFinished)
        )
    }

    deinit {
        guard !isFinished else { return }
        reportIssue(
            """
            A TestStore created at \(origin.fileID):\(origin.line) was never finished. Effects may still be \
            running and actions may be unasserted. End the test with `await store.finish()`.
            """,
            fileID: origin.fileID,
            filePath: origin.filePath,
            line: origin.line,
            column: origin.column
        )
    }

    /// Sends a public request and asserts how it changes the state.
    ///
    /// `updateStateToExpectedResult` turns the previous state into the expected one; omit it when
    /// the request changes nothing.
    public func send(
        _ request: R.Action.Request,
        assert updateStateToExpectedResult: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        executor.runUntilIdle()
        let unasserted = log.removeAll()
        if exhaustivity == .on, !unasserted.isEmpty {
            fail(
                """
                Must handle \(unasserted.count) received action(s) before sending a request:
                \(describe(unasserted.map(\.action)))
                Assert each with `await store.receive(\\.…)` before the next `send`.
                """,
                at: location
            )
        }
        if let last = unasserted.last { state = last.state }
        runOnStore { await $0.start(request) }
        guard let entry = log.popFirst() else {
            fail("The store did not reduce the request \(describe([R.Action.request(request)])).", at: location)
            return
        }
        check(entry, updateStateToExpectedResult, at: location)
    }

    /// Waits for the next action an effect sends and asserts that it matches `actionCase` and how it
    /// changes the state. With exhaustivity off, non-matching actions are skipped.
    public func receive<Value>(
        _ actionCase: CaseKeyPath<R.Action, Value>,
        timeout: Duration? = nil,
        assert updateStateToExpectedResult: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where R.Action: CasePathable {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let waited = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: waited)
        while true {
            executor.runUntilIdle()
            while let entry = log.popFirst() {
                if entry.action[case: actionCase] != nil {
                    check(entry, updateStateToExpectedResult, at: location)
                    return
                }
                guard exhaustivity == .off else {
                    fail(
                        """
                        Received an action of another case than the one expected:
                        \(describe([entry.action]))
                        Actions arrive in the order effects send them; assert this one first.
                        """,
                        at: location
                    )
                    state = entry.state
                    return
                }
                state = entry.state
            }
            guard ContinuousClock.now < deadline else {
                fail(
                    """
                    Expected to receive an action of the given case, but none arrived within \(waited). \
                    Check that an effect sends it, that a test clock the effect sleeps on was advanced, or pass \
                    a longer `timeout:`.
                    """,
                    at: location
                )
                return
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Cancels every running effect and ends the store, as the HTTP driver does when the client
    /// leaves, the deadline passes or the server drains — how a test ends a long-living effect.
    public func cancelAll() {
        runOnStore { await $0.cancelAll() }
    }

    /// Waits for every effect to end, then fails on effects still running and unasserted actions.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        isFinished = true
        let waited = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: waited)
        while let running = runOnStore({ await $0.runningEffectCount }), running > 0 {
            guard ContinuousClock.now < deadline else {
                fail(
                    """
                    \(running) effect(s) still running after \(waited). Every effect must end before a test \
                    does: advance the test clock it waits on, cancel it, or assert the response that cancels it.
                    """,
                    at: location
                )
                runOnStore { await $0.cancelAll() }
                break
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        let unasserted = log.removeAll()
        if exhaustivity == .on, !unasserted.isEmpty {
            fail(
                """
                The store received \(unasserted.count) unasserted action(s):
                \(describe(unasserted.map(\.action)))
                Assert each with `await store.receive(\\.…)` before `finish()`.
                """,
                at: location
            )
        }
        if let last = unasserted.last { state = last.state }
    }

    private func check(
        _ entry: ReduceLog<R.Action, R.State>.Entry,
        _ update: ((inout R.State) throws -> Void)?,
        at location: SourceLocation
    ) {
        defer { state = entry.state }
        var expected = state
        do {
            try update?(&expected)
            if exhaustivity == .off, expected != entry.state {
                // Non-exhaustive: the assertion may also describe only part of the actual state.
                var partial = entry.state
                try update?(&partial)
                if partial == entry.state { expected = partial }
            }
        } catch {
            fail("The state assertion threw \(error).", at: location)
            return
        }
        if expected != entry.state {
            let difference = diff(expected, entry.state, format: .proportional) ?? "(no printable difference)"
            fail(
                """
                The state after \(describe([entry.action])) does not match the expectation \
                (−: expected, +: actual):

                \(difference)
                """,
                at: location
            )
        } else if exhaustivity == .on, update != nil, entry.state == state {
            fail(
                "Expected the state to change, but \(describe([entry.action])) left it unchanged. Omit the "
                    + "assertion closure for actions that change nothing.",
                at: location
            )
        }
    }

    /// Runs `body` on the store through the test executor and returns its result.
    @discardableResult
    private func runOnStore<T: Sendable>(_ body: @escaping @Sendable (Store<R>) async -> T) -> T? {
        let result = Mutex<T?>(nil)
        Task(executorPreference: executor.task) { [store] in
            let value = await body(store)
            result.withLock { $0 = value }
        }
        executor.runUntilIdle()
        return result.withLock { $0 }
    }

    private func describe(_ actions: [R.Action]) -> String {
        actions.map { action in
            var text = ""
            customDump(action, to: &text, maxDepth: 3)
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                separator: "\n")
        }.joined(separator: "\n")
    }

    private func fail(_ message: String, at location: SourceLocation) {
        reportIssue(
            message,
            fileID: location.fileID,
            filePath: location.filePath,
            line: location.line,
            column: location.column
        )
    }
}

/// Where a test step was written, for failure reports.
struct SourceLocation {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
}
