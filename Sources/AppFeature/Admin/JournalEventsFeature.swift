import Dependencies
public import HTTPKit
public import Reducers

/// `GET /__admin/requests/events`: each request the journal records from now on, as one event whose
/// `data` is the entry exactly as `GET /__admin/requests` lists it. The console reads the list once
/// each time its `EventSource` opens, then adds what arrives.
///
/// The same long-living effect as the todos' stream: the journal's feed, cancelled when the console
/// goes away. (A quiet stream's heartbeat is the HTTP layer's: `StreamHeartbeat`.)
public struct JournalEventsFeature: Reducer, Sendable {
    /// The stream's state.
    public struct State: RespondingState, Equatable {
        public var response: Response?
        public var stream: StreamedBody?

        public static var mayStream: Bool { true }

        /// A stream not yet opened.
        public init() {}
    }

    /// The request carries nothing: the sandbox it reads is the request's.
    public struct Request: Sendable, Equatable {
        public init() {}
    }

    /// The public request; the feed's actions.
    public enum Action: RoutableAction {
        case request(Request)
        case `internal`(Internal)
    }

    /// What the effects send.
    public enum Internal: Sendable, Equatable {
        case recorded(JournalEntry)
    }

    /// The feature.
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request:
            state.response = .eventStream()
            state.stream = StreamedBody()
            @Dependency(\.demoControls) var controls
            @Dependency(\.continuousClock) var clock
            let journal = controls.journal
            return .run { send in
                for await entry in journal.recorded(pollingEvery: .seconds(1), clock: clock) {
                    await send(.internal(.recorded(entry)))
                }
            }

        case .internal(.recorded(let entry)):
            var writer = JSONWriter()
            entry.write(to: &writer)
            state.stream?.send(ServerSentEvent.event(id: nil, data: writer.bytes))
            return .none
        }
    }
}
