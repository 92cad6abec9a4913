/// How `GET /todos/events` streams: how long a client waits before reconnecting, and how much
/// history a reconnecting client can resume from.
public struct TodoEventSettings: Sendable, Equatable {
    /// `--event-retry`: the `retry:` every stream starts with.
    public var retry: Duration
    /// `--event-history`: the most events a store keeps for clients that reconnect with
    /// `Last-Event-ID`; one further behind is told to refetch.
    public var historyLength: Int

    /// The defaults, or the given values.
    public init(retry: Duration = .seconds(2), historyLength: Int = 1_000) {
        self.retry = retry
        self.historyLength = max(1, historyLength)
    }
}
