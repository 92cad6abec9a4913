public import HTTPTypes

/// The header names Counterpart uses that swift-http-types does not define, spelled once.
///
/// Each is a constant token, so the failable initialiser cannot fail; a test reads every one back.
extension HTTPField.Name {
    /// `X-Request-Id`, echoed on every response and used as the problem `instance`.
    public static let xRequestID = Self("X-Request-Id")!
    /// `Server-Timing`, which splits handling time from repository time.
    public static let serverTiming = Self("Server-Timing")!
    /// `Timing-Allow-Origin`, so browsers expose `Server-Timing` to scripts.
    public static let timingAllowOrigin = Self("Timing-Allow-Origin")!
    /// `Host` as HTTP/1.1 sends it; swift-http-types reserves `.host` for the `:authority` of HTTP/2.
    public static let hostHeader = Self("Host")!
    /// `Accept-Post`, sent with 415 on POST.
    public static let acceptPost = Self("Accept-Post")!
    /// `Accept-Patch` (RFC 5789), sent with 415 on PATCH.
    public static let acceptPatch = Self("Accept-Patch")!
    /// `Link` (RFC 8288), on paged lists.
    public static let link = Self("Link")!
    /// `X-Total-Count`: how many items matched before paging.
    public static let xTotalCount = Self("X-Total-Count")!
    /// `Counterpart-Sandbox`: the sandbox a request runs in, for clients that prefer a header to
    /// a `/sandboxes/{name}` prefix (api.md §6.4).
    public static let counterpartSandbox = Self("Counterpart-Sandbox")!
    /// `Idempotency-Key` (api.md §1.2).
    public static let idempotencyKey = Self("Idempotency-Key")!
    /// `Idempotent-Replayed: true` on a replayed answer.
    public static let idempotentReplayed = Self("Idempotent-Replayed")!
    /// The `X-RateLimit-*` family (api.md §1.2).
    public static let xRateLimitLimit = Self("X-RateLimit-Limit")!
    public static let xRateLimitRemaining = Self("X-RateLimit-Remaining")!
    public static let xRateLimitUsed = Self("X-RateLimit-Used")!
    public static let xRateLimitReset = Self("X-RateLimit-Reset")!
    public static let xRateLimitResource = Self("X-RateLimit-Resource")!
    /// The client addresses a proxy chain saw (`--trust-proxy` reads the last).
    public static let xForwardedFor = Self("X-Forwarded-For")!
    /// The scheme the client used with the proxy (`--trust-proxy`).
    public static let xForwardedProto = Self("X-Forwarded-Proto")!
    /// The host the client asked the proxy for (`--trust-proxy`).
    public static let xForwardedHost = Self("X-Forwarded-Host")!
    /// Whether a pin query's `limit` cut its matches short (api.md §5.1).
    public static let xResultTruncated = Self("X-Result-Truncated")!
    /// Whether a page's links may send a `Referer` (newsletter pages: never, their URLs hold tokens).
    public static let referrerPolicy = Self("Referrer-Policy")!

    /// `X-Accel-Buffering: no`: nginx passes a stream on as it comes instead of buffering it.
    public static let xAccelBuffering = Self("X-Accel-Buffering")!
    /// `Last-Event-ID`: where a reconnecting event stream resumes (WHATWG HTML §9.2).
    public static let lastEventID = Self("Last-Event-ID")!

    /// `Prefer` (RFC 7240): the demo controls a request asks for (api.md §6.1).
    public static let prefer = Self("Prefer")!
    /// `Preference-Applied` (RFC 7240): the preferences the server honoured.
    public static let preferenceApplied = Self("Preference-Applied")!

    /// Every name above, for the test that reads them back.
    public static let counterpartNames: [Self] = [
        .xRequestID, .serverTiming, .timingAllowOrigin, .hostHeader, .acceptPost, .acceptPatch, .link, .xTotalCount,
        .idempotencyKey, .idempotentReplayed, .xRateLimitLimit, .xRateLimitRemaining, .xRateLimitUsed,
        .xRateLimitReset, .xRateLimitResource, .xForwardedFor, .xForwardedProto, .xForwardedHost, .referrerPolicy,
        .xResultTruncated, .prefer, .preferenceApplied, .xAccelBuffering, .lastEventID,
    ]
}
