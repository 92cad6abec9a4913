/// `GET /todos/events`: a subscription to the store's changes, from after `lastEventID` when the
/// client reconnects.
public struct TodoEventsRequest: Sendable, Equatable {
    /// Where the client left off (`Last-Event-ID`); `nil` for a first connection, or an id this
    /// server did not write (treated as none, as the WHATWG spec says).
    public var lastEventID: TodoEventID?
    /// `--public-url`, or the request's own origin, plus any sandbox prefix: where the todos in the
    /// events point.
    public var baseURL: String

    /// A subscription for a client whose URLs start with `baseURL`.
    public init(lastEventID: TodoEventID?, baseURL: String) {
        self.lastEventID = lastEventID
        self.baseURL = baseURL
    }
}
