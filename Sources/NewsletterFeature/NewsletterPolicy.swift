public import Dependencies
public import HTTPKit

/// The newsletter's configurable rules: how long a confirm token lasts (`--token-ttl`) and how
/// often one address may sign up (`--rate-limit newsletter-address=…`, api.md §4.5).
public struct NewsletterPolicy: Sendable {
    /// Seconds a confirm token stays valid.
    public var tokenLifetime: Int64
    /// Counts sign-ups per lowercased address under the resource `newsletter-address`.
    public var addressLimiter: RateLimiter

    /// api.md's default lifetime: 48 hours.
    public static let defaultTokenLifetime: Int64 = 48 * 3600

    /// Creates a policy.
    public init(
        tokenLifetime: Int64 = defaultTokenLifetime,
        addressLimiter: RateLimiter = RateLimiter(limits: rateLimits, now: RateLimiter.wallClock)
    ) {
        self.tokenLifetime = tokenLifetime
        self.addressLimiter = addressLimiter
    }

    /// The resource the per-address allowance is counted under.
    public static let addressResource = "newsletter-address"

    /// api.md §4.5's allowances: sign-ups enforced at 30 a minute per client address
    /// (`newsletter`) and 10 an hour per email address (`newsletter-address`).
    public static let rateLimits: [String: RateLimiter.Limit] = [
        "newsletter": RateLimiter.Limit(requests: 30, enforced: true),
        addressResource: RateLimiter.Limit(requests: 10, enforced: true, windowSeconds: 3600),
    ]
}

extension NewsletterPolicy: DependencyKey {
    public static let liveValue = NewsletterPolicy()
    public static var testValue: NewsletterPolicy { NewsletterPolicy() }
}

extension DependencyValues {
    /// The newsletter's token lifetime and per-address allowance.
    public var newsletterPolicy: NewsletterPolicy {
        get { self[NewsletterPolicy.self] }
        set { self[NewsletterPolicy.self] = newValue }
    }
}
