/// A request refused by a rate limit decided in an effect (a shared window counted in the
/// database): thrown there, answered as the 429 problem the loop would have answered.
public struct RateLimitExceeded: ProblemError, Equatable {
    /// Who used up the window, as the detail names it ("This address").
    public let client: String
    /// Seconds until the window resets.
    public let retryAfter: Int

    /// A refusal of `client`'s request, to retry in `retryAfter` seconds.
    public init(client: String, retryAfter: Int) {
        self.client = client
        self.retryAfter = retryAfter
    }

    public var problem: Problem { .rateLimited(client: client, retryAfter: retryAfter) }
}
