/// Sends actions from an effect back into its store.
///
/// `await send(.internal(.loaded(items)))` runs the reducer on the store's loop: in place when the
/// effect already runs there, after a hop otherwise. Once the effect is cancelled, sending does
/// nothing: reducers never see work that was cancelled.
public struct Send<Action: Sendable>: Sendable {
    private let deliver: @Sendable (Action) async -> Void

    /// Creates a sender that hands each action to `deliver`.
    public init(_ deliver: @escaping @Sendable (Action) async -> Void) {
        self.deliver = deliver
    }

    /// Sends `action` unless the current task has been cancelled.
    public func callAsFunction(_ action: Action) async {
        guard !Task.isCancelled else { return }
        await deliver(action)
    }
}
