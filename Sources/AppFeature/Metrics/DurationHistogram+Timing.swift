public import Prometheus

extension DurationHistogram {
    /// Runs `body`, recording how long it took whether it returned or threw.
    public func time<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        let start = ContinuousClock.now
        defer { record(ContinuousClock.now - start) }
        return try await body()
    }
}
