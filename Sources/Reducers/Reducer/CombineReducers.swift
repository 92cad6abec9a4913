/// Runs several reducers on the same state and action, in order, merging their effects.
///
/// Used by `@ReducerBuilder` for a `body` listing more than one reducer, and directly to group
/// reducers, e.g. a `Scope` followed by the parent's own `Reduce`.
public struct CombineReducers<State, Action: Sendable>: Reducer {
    private let reducers: [(inout State, Action) -> Effect<Action>]

    /// Combines `first` and `second`.
    public init<R0: Reducer, R1: Reducer>(_ first: R0, _ second: R1)
    where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
        reducers = [first.reduce(into:action:), second.reduce(into:action:)]
    }

    /// Combines the reducers listed in `build`.
    public init<R: Reducer>(@ReducerBuilder<State, Action> _ build: () -> R)
    where R.State == State, R.Action == Action {
        reducers = [build().reduce(into:action:)]
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .merge(reducers.map { $0(&state, action) })
    }
}
