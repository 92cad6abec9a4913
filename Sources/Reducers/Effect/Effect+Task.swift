extension Effect {
    /// One async-throwing call whose outcome is sent back as one action.
    ///
    /// A cancelled call sends nothing (not even a `CancellationError` failure), so a reducer only ever
    /// sees real outcomes. With `retry`, transient failures (`RetryableError.isTransient`) are tried
    /// again with doubling, jittered backoff before the final outcome is sent.
    ///
    /// ```swift
    /// return .task({ .internal(.fetched($0)) }) { try await todos.fetch(id) }
    /// ```
    ///
    /// Inlinable, so that the work is compiled for the feature's own `Success` type where the effect
    /// is made (BENCHMARKS.md).
    @inlinable
    public static func task<Success: Sendable>(
        _ toAction: @escaping @Sendable (TaskResult<Success>) -> Action,
        retry: RetryPolicy? = nil,
        operation: @escaping @Sendable () async throws -> Success
    ) -> Self {
        Self(
            .run { send in
                let result = await TaskResult {
                    if let retry {
                        try await retry.run(operation)
                    } else {
                        try await operation()
                    }
                }
                if case .failure(let error) = result, error is CancellationError { return }
                guard !Task.isCancelled else { return }
                await send(toAction(result))
            }
        )
    }
}
