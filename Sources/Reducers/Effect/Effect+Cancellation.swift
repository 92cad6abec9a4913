import ConcurrencyExtras

extension Effect {
    /// This effect, cancellable with `.cancel(id:)` from the same store.
    ///
    /// Ids are scoped to one store (one request), so no client can cancel another's work. With
    /// `cancelInFlight`, starting this effect first cancels any running effect with the same id.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
        if case .none = operation { return self }
        return Self(.cancellable(id: AnyHashableSendable(id), cancelInFlight: cancelInFlight, self))
    }

    /// Cancels every running effect of this store marked with `id`.
    public static func cancel(id: some Hashable & Sendable) -> Self {
        Self(.cancel(id: AnyHashableSendable(id)))
    }
}
