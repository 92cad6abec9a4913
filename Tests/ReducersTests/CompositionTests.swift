import CasePathsCore
import Reducers
import ReducersTesting
import Testing

/// A parent that scopes a counter child and also logs every action itself.
struct Parent: Reducer, Sendable {
    struct State: Equatable, Sendable {
        var counter = Counter.State()
        var seen = 0
    }

    enum Action: RoutableAction {
        case request(Request)
        case counter(Counter.Action)
    }

    enum Request: Sendable { case bump }

    var body: some Reducer<State, Action> {
        Scope(state: \.counter, action: \.counter) {
            Counter()
        }
        Reduce { state, action in
            state.seen += 1
            if case .request(.bump) = action { return .run { send in await send(.counter(.increment)) } }
            return .none
        }
    }
}

struct Counter: Reducer, Sendable {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Sendable { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.count += 1
        return .none
    }
}

@Suite("Composition")
struct CompositionTests {
    @Test("Scope runs the child on its slice; CombineReducers runs every reducer in order")
    func scopeAndCombine() async {
        let store = TestStore(initialState: Parent.State()) { Parent() }
        await store.send(.bump) { $0.seen = 1 }
        await store.receive(\.counter) {
            $0.counter.count = 1
            $0.seen = 2
        }
        await store.finish()
    }
}
