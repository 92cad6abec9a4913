/// What a store tells its driver: each reduce, that it has finished, or that it stalled.
///
/// The HTTP driver uses it to reply once `isFinished` holds (the response rule) and to answer 500
/// when a store runs out of work unanswered; `TestStore` records every reduce. Every callback runs
/// on the store's executor, synchronously, right after the reduce that caused it.
public struct StoreObserver<State: Sendable, Action: Sendable>: Sendable {
    /// Called after every reduce with the action and the new state.
    public var didReduce: @Sendable (_ action: Action, _ state: State) -> Void
    /// Whether the state is final; once true, remaining effects are cancelled.
    public var isFinished: @Sendable (_ state: State) -> Bool
    /// Called once, when `isFinished` first holds.
    public var didFinish: @Sendable (_ state: State) -> Void
    /// Called whenever the store has no running effect and is not finished; `lastAction` is the
    /// action reduced last.
    public var didStall: @Sendable (_ state: State, _ lastAction: Action) -> Void

    /// Creates an observer; every callback defaults to doing nothing and `isFinished` to `false`.
    public init(
        didReduce: @escaping @Sendable (Action, State) -> Void = { _, _ in },
        isFinished: @escaping @Sendable (State) -> Bool = { _ in false },
        didFinish: @escaping @Sendable (State) -> Void = { _ in },
        didStall: @escaping @Sendable (State, Action) -> Void = { _, _ in }
    ) {
        self.didReduce = didReduce
        self.isFinished = isFinished
        self.didFinish = didFinish
        self.didStall = didStall
    }
}
