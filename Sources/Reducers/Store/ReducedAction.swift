/// An action a store reduced, kept by reference (`Store.lastAction`).
@usableFromInline
final class ReducedAction<Action: Sendable>: Sendable {
    @usableFromInline let action: Action

    @inlinable
    init(_ action: Action) {
        self.action = action
    }
}
