import AppFeature
import HTTPKit
import NewsletterFeature

/// The domains' own policies: rate limits (search's GitHub-like allowance, the newsletter's abuse
/// limits) and how long a newsletter confirmation stays valid.
struct DomainOptions {
    var rateLimit: [String] = []
    var tokenTTL = DurationArgument(.seconds(NewsletterPolicy.defaultTokenLifetime))

    /// These options, as `serve`'s table lists them (`Serve.sections`).
    static var section: OptionSection {
        OptionSection(
            title: "Domains",
            options: [
                .repeated(
                    "rate-limit", \.domains.rateLimit,
                    help: """
                        Enforce a rate limit, e.g. search=10/min (GitHub's unauthenticated allowance); repeatable. \
                        Defaults: newsletter=30/min per client address, newsletter-address=10/hour per email \
                        address; search is counted, not enforced.
                        """),
                .value(
                    "token-ttl", \.domains.tokenTTL,
                    help: "How long a newsletter confirmation link stays valid (48h, 30m, 90s…)."),
            ])
    }

    /// Refuses a value out of range, naming its option.
    func validate() throws(UsageError) {
        guard tokenTTL.duration >= .seconds(1) else { throw UsageError("--token-ttl must be at least 1s.") }
        _ = try rateLimitOverrides()
    }

    /// `--rate-limit resource=N/min` (or `N/hour`) values as enforced limits.
    func rateLimitOverrides() throws(UsageError) -> [String: RateLimiter.Limit] {
        var limits: [String: RateLimiter.Limit] = [:]
        let resources = RateLimiter.defaults().keys.sorted()
        for value in rateLimit {
            let parts = value.split(separator: "=", maxSplits: 1)
            let rate = parts.count == 2 ? parts[1].split(separator: "/", maxSplits: 1) : []
            guard parts.count == 2, resources.contains(String(parts[0])), rate.count == 2,
                let count = Int(rate[0]), count >= 0, let seconds = ["min": 60, "hour": 3600][String(rate[1])]
            else {
                throw UsageError(
                    "--rate-limit \(value) must look like search=10/min or newsletter-address=10/hour "
                        + "(resource one of \(resources.joined(separator: ", ")); a count per min or per hour).")
            }
            limits[String(parts[0])] = RateLimiter.Limit(requests: count, enforced: true, windowSeconds: Int64(seconds))
        }
        return limits
    }
}
