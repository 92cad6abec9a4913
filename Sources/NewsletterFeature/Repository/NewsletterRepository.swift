public import Dependencies
public import DependenciesMacros
public import HTTPKit
import IssueReporting
import Storage

/// The subscriber store, whatever holds it: in memory, SQLite, later PostgreSQL.
///
/// Each endpoint is one atomic step of the double opt-in, applied through `NewsletterRules` inside
/// the backend's transaction. Tokens arrive as digests only: the store never sees a raw token. A
/// token nobody has throws `NewsletterError.unknownToken`, a spent one `.expiredToken`. Every
/// backend passes the same contract suite.
///
/// ```swift
/// @Dependency(\.newsletterRepository) var newsletter
/// let outcome = try await newsletter.subscribe(signup)
/// ```
@DependencyClient
public struct NewsletterRepository: Sendable {
    /// Signs an address up (api.md §4.1): its subscriber and token written together.
    public var subscribe: @Sendable (_ signup: Signup) async throws -> SignupOutcome
    /// Confirms with a confirm token (§4.2).
    public var confirm: @Sendable (_ confirmation: Confirmation) async throws -> ConfirmOutcome
    /// The subscriber a usable token of `kind` belongs to, changing nothing (the GET pages).
    public var inspect: @Sendable (_ token: TokenDigest, _ kind: TokenKind, _ now: Timestamp) async throws -> Subscriber
    /// Unsubscribes with an unsubscribe token (§4.3); repeating it changes nothing.
    public var unsubscribe: @Sendable (_ token: TokenDigest, _ now: Timestamp) async throws -> Subscriber
    /// Erases the subscriber an unsubscribe token belongs to, with every token it has (§4.3);
    /// returns what was erased.
    public var erase: @Sendable (_ token: TokenDigest) async throws -> Subscriber
    /// Every subscriber, oldest first (§6.2's admin view).
    public var subscribers: @Sendable () async throws -> [Subscriber]
    /// Replaces every subscriber and token with `seed`, in one write (`POST /__admin/reset`).
    public var reset: @Sendable (_ seed: [Subscriber]) async throws -> Void
}

extension NewsletterRepository: TestDependencyKey {
    /// Unimplemented: a test that reaches an endpoint it did not override fails.
    public static let testValue = NewsletterRepository()
}

extension NewsletterRepository: DependencyKey {
    /// Fails loudly until the server's bootstrap installs a real backend from `--database`.
    public static let liveValue = NewsletterRepository(
        subscribe: { _ in throw unbootstrapped() },
        confirm: { _ in throw unbootstrapped() },
        inspect: { _, _, _ in throw unbootstrapped() },
        unsubscribe: { _, _ in throw unbootstrapped() },
        erase: { _ in throw unbootstrapped() },
        subscribers: { throw unbootstrapped() },
        reset: { _ in throw unbootstrapped() }
    )

    private static func unbootstrapped() -> RepositoryError {
        reportIssue(
            "NewsletterRepository was used before the server installed a backend. Set \\.newsletterRepository with "
                + "prepareDependencies at boot (AppFeature's AppDatabase does this from --database)."
        )
        return .unknown("NewsletterRepository is not bootstrapped.")
    }
}

extension DependencyValues {
    /// The subscriber store requests read and write.
    public var newsletterRepository: NewsletterRepository {
        get { self[NewsletterRepository.self] }
        set { self[NewsletterRepository.self] = newValue }
    }
}
