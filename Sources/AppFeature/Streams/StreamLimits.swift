/// How many streamed answers (server-sent events) the server holds open: a stream is cheap but
/// never ends by itself, so neither one loop nor one client may gather them without bound.
public struct StreamLimits: Sendable, Equatable {
    /// `--max-streams-per-loop`: streams one event loop holds at once.
    public var perLoop: Int
    /// `--max-streams-per-client`: streams one client address holds at once, across loops.
    public var perClient: Int
    /// What a refused client is told to wait before it tries again (`retry:`).
    public var retryAfterRefusal: Duration

    /// The defaults, or the given limits.
    public init(perLoop: Int = 10_000, perClient: Int = 64, retryAfterRefusal: Duration = .seconds(10)) {
        self.perLoop = perLoop
        self.perClient = perClient
        self.retryAfterRefusal = retryAfterRefusal
    }
}
