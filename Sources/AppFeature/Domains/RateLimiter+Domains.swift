public import HTTPKit

extension RateLimiter {
    /// The allowances `domains` declare (api.md's: `search` counted at a nominal 30 a minute and not
    /// enforced, §3.6; newsletter sign-ups enforced at 30 a minute per client address and 10 an
    /// hour per email address, §4.5), with `overrides` (from `--rate-limit`) in their place.
    public static func standard(
        domains: [Domain] = App.domains, overrides: [String: Limit] = [:], store: (any RateWindowStore)? = nil,
        now: @escaping @Sendable () -> Int64 = wallClock
    ) -> RateLimiter {
        RateLimiter(limits: defaults(of: domains).merging(overrides) { $1 }, store: store, now: now)
    }

    /// Every resource `domains` limit, with its default allowance.
    public static func defaults(of domains: [Domain] = App.domains) -> [String: Limit] {
        domains.reduce(into: [:]) { limits, domain in limits.merge(domain.rateLimits) { $1 } }
    }
}
