/// A reducer made from a closure, for inline logic inside a `body`.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///     Reduce { state, action in
///         state.count += 1
///         return .none
///     }
/// }
/// ```
public struct Reduce<State, Action: Sendable>: Reducer {
    private let reduce: (inout State, Action) -> Effect<Action>

    /// Wraps `reduce`.
    public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
        self.reduce = reduce
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reduce(&state, action)
    }
}
