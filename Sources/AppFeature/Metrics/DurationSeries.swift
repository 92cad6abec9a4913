import Synchronization

/// One labelled series of a duration histogram that several loops record into, such as a
/// repository endpoint's call durations (`AppMetrics.repositoryTimer`).
///
/// A `final class`: every store of the endpoint records into the same counts, behind its `Mutex`.
public final class DurationSeries: Sendable {
    private let counts = Mutex(DurationCounts())

    /// Counts one observation of `duration`.
    public func record(_ duration: Duration) {
        counts.withLock { $0.record(duration) }
    }

    /// Runs `body`, recording how long it took whether it returned or threw.
    public func time<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        let start = ContinuousClock.now
        defer { record(ContinuousClock.now - start) }
        return try await body()
    }

    /// The counts so far.
    var snapshot: DurationCounts { counts.withLock { $0 } }
}
