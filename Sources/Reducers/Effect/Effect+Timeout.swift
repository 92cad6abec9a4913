extension Effect {
    /// This effect, cancelled after `duration` with `action` sent in its place.
    ///
    /// Time comes from `@Dependency(\.continuousClock)`, so tests drive it with a test clock. If the
    /// effect finishes first, nothing more happens.
    ///
    /// ```swift
    /// return .task({ .internal(.loaded($0)) }) { try await search(query) }
    ///     .timeout(.seconds(2), onTimeout: .internal(.timedOut))
    /// ```
    public func timeout(_ duration: Duration, onTimeout action: Action) -> Self {
        if case .none = operation { return self }
        return Self(.timeout(duration, onTimeout: action, self))
    }
}
