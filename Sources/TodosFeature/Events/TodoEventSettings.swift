/// How `GET /todos/events` streams: how long a client waits before reconnecting, how often a quiet
/// stream proves it is alive, and how much history a reconnecting client can resume from.
public struct TodoEventSettings: Sendable, Equatable {
    /// `--event-retry`: the `retry:` every stream starts with.
    public var retry: Duration
    /// `--event-heartbeat`: a quiet stream sends a comment this often, so proxies and idle timers
    /// (nginx's `proxy_read_timeout`, the server's own `--idle-timeout`) keep it open.
    public var heartbeat: Duration
    /// `--event-history`: the most events a store keeps for clients that reconnect with
    /// `Last-Event-ID`; one further behind is told to refetch.
    public var historyLength: Int

    /// The defaults, or the given values.
    public init(retry: Duration = .seconds(2), heartbeat: Duration = .seconds(15), historyLength: Int = 1_000) {
        self.retry = retry
        self.heartbeat = heartbeat
        self.historyLength = max(1, historyLength)
    }
}
