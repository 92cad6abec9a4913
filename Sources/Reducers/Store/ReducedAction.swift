/// The action a store reduced last while its effects ran (`Store.lastAction`), kept by reference.
///
/// `@unchecked Sendable`: only its store's isolated code, on the store's executor, reads or
/// refills it.
@usableFromInline
final class ReducedAction<Action: Sendable>: @unchecked Sendable {
    @usableFromInline var action: Action

    @inlinable
    init(_ action: Action) {
        self.action = action
    }
}
