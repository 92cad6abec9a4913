import Dependencies
import IssueReporting

/// How `.task(_:retry:operation:)` retries transient failures.
///
/// A maximum is mandatory and small (at most 5 attempts) so a failing backend is never hammered.
/// The delay before attempt n + 1 is `backoff × 2ⁿ⁻¹`, scaled by a random factor in 0.5…1 (jitter
/// from `@Dependency(\.withRandomNumberGenerator)`), slept on `@Dependency(\.continuousClock)`.
public struct RetryPolicy: Sendable, Equatable {
    /// The most attempts allowed, the first included.
    public static let attemptLimit = 5

    /// Attempts in all, the first included: 1…5.
    public let maxAttempts: Int
    /// The delay before the first retry.
    public let backoff: Duration

    /// A policy of `maxAttempts` (1…5; outside that range it is clamped and reported) with `backoff`.
    public init(maxAttempts: Int, backoff: Duration = .milliseconds(50)) {
        let clamped = min(max(maxAttempts, 1), Self.attemptLimit)
        if clamped != maxAttempts {
            reportIssue(
                "RetryPolicy(maxAttempts: \(maxAttempts)) is outside 1…\(Self.attemptLimit); using \(clamped). "
                    + "More attempts only delay the answer a client is waiting for."
            )
        }
        self.maxAttempts = clamped
        self.backoff = backoff
    }

    /// Runs `operation` until it succeeds, fails for good, or the attempts run out.
    @usableFromInline
    func run<Success>(_ operation: @Sendable () async throws -> Success) async throws -> Success {
        @Dependency(\.continuousClock) var clock
        @Dependency(\.withRandomNumberGenerator) var random
        var attempt = 1
        while true {
            do {
                return try await operation()
            } catch let error as any RetryableError where error.isTransient && attempt < maxAttempts {
                let factor = random { Double.random(in: 0.5...1, using: &$0) }
                try await clock.sleep(for: backoff * (Double(1 << (attempt - 1)) * factor))
                attempt += 1
            }
        }
    }
}

/// An error that may go away if the same call is made again (a database briefly unavailable).
///
/// `RepositoryError.unavailable` adopts it; retries never repeat other failures.
public protocol RetryableError: Error {
    /// Whether trying again may succeed.
    var isTransient: Bool { get }
}
