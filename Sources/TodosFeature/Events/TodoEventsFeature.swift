import Dependencies
public import HTTPKit
public import Reducers

/// `GET /todos/events`: the todo store's changes as server-sent events, for as long
/// as the client listens.
///
/// The canonical long-living effect, seen from the server: the request starts an effect that never
/// ends by itself — the store's change feed — and each batch it sends becomes one chunk of the
/// answer. The stream opens once the feed holds the subscriber's place (on PostgreSQL, after
/// reading the shared history), so whatever commits after a client has the answer's head reaches
/// it. The effect is cancelled when the client leaves, a client that stops reading is cut, or the
/// server drains; the feed ends by itself only when its store is dropped, and then so does the
/// stream. A quiet stream's heartbeat is the HTTP layer's (`StreamHeartbeat`): it costs a stream
/// no task of its own.
public struct TodoEventsFeature: Reducer, Sendable {
    /// One subscription's state: the stream's head and the chunk it sends next.
    public struct State: RespondingState, Equatable {
        public var response: Response?
        public var stream: StreamedBody?
        /// Where the todos in the events point: the subscriber's own base URL.
        public var baseURL = ""

        public static var mayStream: Bool { true }

        /// A subscription not yet started.
        public init() {}
    }

    /// The public request; the feed's actions.
    public enum Action: RoutableAction {
        case request(TodoEventsRequest)
        case `internal`(Internal)
    }

    /// What the effects send.
    public enum Internal: Sendable, Equatable {
        /// The feed holds the subscriber's place: the stream can open.
        case subscribed
        /// Events from the feed: missed ones on resuming, then each new one.
        case received([TodoEvent])
        /// The feed ended: the store is gone.
        case feedEnded
    }

    /// Its `retry:` (`serve`'s live-update options).
    public let settings: TodoEventSettings

    /// The feature streaming as `settings` says.
    public init(_ settings: TodoEventSettings = TodoEventSettings()) {
        self.settings = settings
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(let request):
            state.baseURL = request.baseURL
            @Dependency(\.todoEvents) var events
            let lastSeen = request.lastEventID
            return .run { send in
                let feed = await events.subscribe(after: lastSeen)
                await send(.internal(.subscribed))
                for await batch in feed {
                    await send(.internal(.received(batch)))
                }
                await send(.internal(.feedEnded))
            }

        case .internal(.subscribed):
            state.response = .eventStream()
            var stream = StreamedBody()
            stream.send(ServerSentEvent.retry(after: settings.retry))
            state.stream = stream
            return .none

        case .internal(.received(let events)):
            state.stream?.send(events.flatMap { $0.serverSent(baseURL: state.baseURL) })
            return .none

        case .internal(.feedEnded):
            state.stream?.end()
            return .none
        }
    }
}
