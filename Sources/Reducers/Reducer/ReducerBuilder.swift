/// Composes the reducers listed in a `body` into one that runs them in order.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
    public static func buildPartialBlock<R: Reducer>(first: R) -> R where R.State == State, R.Action == Action {
        first
    }

    public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
        accumulated: R0,
        next: R1
    ) -> CombineReducers<State, Action>
    where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
        CombineReducers(accumulated, next)
    }

    public static func buildExpression<R: Reducer>(_ reducer: R) -> R where R.State == State, R.Action == Action {
        reducer
    }
}
