import CasePaths
import Dependencies
import DependenciesMacros
import Reducers
import ReducersTesting
import Testing

/// A repository-like client: live code sets it at boot, tests override the endpoints they use.
@DependencyClient
struct NumberClient: Sendable {
    var fetch: @Sendable () async throws -> Int
}

extension NumberClient: TestDependencyKey {
    static let testValue = NumberClient()
}

extension DependencyValues {
    var numbers: NumberClient {
        get { self[NumberClient.self] }
        set { self[NumberClient.self] = newValue }
    }
}

struct NumberFeature: Reducer, Sendable {
    struct State: Equatable, Sendable { var number: Int?; var failed = false }

    @CasePathable
    enum Action: RoutableAction {
        case request(Request)
        case fetched(TaskResult<Int>)
    }

    enum Request: Sendable { case load }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        @Dependency(\.numbers) var numbers
        switch action {
        case .request(.load):
            return .task(Action.fetched) { try await numbers.fetch() }
        case .fetched(.success(let number)):
            state.number = number
            return .none
        case .fetched(.failure):
            state.failed = true
            return .none
        }
    }
}

/// Reads its dependency only inside its effects, alone and after another effect (`concatenate`).
struct LateReadFeature: Reducer, Sendable {
    struct State: Equatable, Sendable { var numbers: [Int] = [] }

    @CasePathable
    enum Action: RoutableAction {
        case request(Request)
        case fetched(TaskResult<Int>)
    }

    enum Request: Sendable { case load }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(.load):
            let read = Effect<Action>.task(Action.fetched) {
                @Dependency(\.numbers) var numbers
                return try await numbers.fetch()
            }
            return .concatenate(read, read)
        case .fetched(.success(let number)):
            state.numbers.append(number)
            return .none
        case .fetched(.failure):
            return .none
        }
    }
}

@Suite("Dependencies")
struct DependencyTests {
    @Test("a dependency read inside an effect's body, even a later one, is the store's")
    func readInsideEffects() async {
        let store = TestStore(initialState: LateReadFeature.State()) {
            LateReadFeature()
        } withDependencies: {
            $0.numbers.fetch = { 7 }
        }
        await store.send(.load)
        await store.receive(\.fetched.success) { $0.numbers = [7] }
        await store.receive(\.fetched.success) { $0.numbers = [7, 7] }
        await store.finish()
    }

    @Test("an overridden endpoint is what effects call")
    func overridden() async {
        let store = TestStore(initialState: NumberFeature.State()) {
            NumberFeature()
        } withDependencies: {
            $0.numbers.fetch = { 42 }
        }
        await store.send(.load)
        await store.receive(\.fetched.success) { $0.number = 42 }
        await store.finish()
    }

    @Test("an endpoint nobody overrode fails the test that touched it")
    func unimplementedFails() async {
        let store = TestStore(initialState: NumberFeature.State()) { NumberFeature() }
        await withKnownIssue {
            await store.send(.load)
            await store.receive(\.fetched.failure) { $0.failed = true }
            await store.finish()
        } matching: { issue in
            issue.description.contains("Unimplemented") && issue.description.contains("NumberClient.fetch")
        }
    }
}
