import Synchronization

/// `fail=N`'s memory (api.md §6.1): how many requests of each scenario have failed so far.
///
/// The first `N` requests of a scenario fail, the rest succeed, so "fail twice, then succeed" is a
/// deterministic test of a Retry button. A scenario idle for `idleLifetime` (60 s) is forgotten —
/// the next `fail=N` starts again — as is every scenario on reset. At most `capacity` are kept; the
/// least recently used goes first. Shared by every loop, guarded by a `Mutex`.
public final class FailScenarios: Sendable {
    private struct Scenario {
        var failed: Int
        var lastUse: ContinuousClock.Instant
    }

    private let scenarios = Mutex<[String: Scenario]>([:])
    private let idleLifetime: Duration
    private let capacity: Int
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Scenarios forgotten after `idleLifetime` without a request, at most `capacity` of them; `now`
    /// is the clock (tests move it).
    public init(
        idleLifetime: Duration = .seconds(60),
        capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.idleLifetime = idleLifetime
        self.capacity = capacity
        self.now = now
    }

    /// Counts a request of `scenario` asking for `failures` failures; true when it is one of them.
    public func shouldFail(_ scenario: String, failures: Int) -> Bool {
        let now = now()
        return scenarios.withLock { scenarios in
            var entry = scenarios[scenario] ?? Scenario(failed: 0, lastUse: now)
            if now - entry.lastUse > idleLifetime { entry.failed = 0 }
            entry.lastUse = now
            let fails = entry.failed < failures
            if fails { entry.failed += 1 }
            if scenarios[scenario] == nil, scenarios.count >= capacity, let oldest = Self.oldest(in: scenarios) {
                scenarios[oldest] = nil
            }
            scenarios[scenario] = entry
            return fails
        }
    }

    /// Forgets every scenario (`POST /__admin/reset`).
    public func removeAll() {
        scenarios.withLock { $0.removeAll() }
    }

    private static func oldest(in scenarios: [String: Scenario]) -> String? {
        scenarios.min { $0.value.lastUse < $1.value.lastUse }?.key
    }
}
