import Dependencies
public import HTTPKit
public import Reducers

/// `GET /__admin/requests/events`: each request the journal records from now on, as one event whose
/// `data` is the entry exactly as `GET /__admin/requests` lists it. The console reads the list once
/// each time its `EventSource` opens, then adds what arrives.
///
/// The same long-living effect as the todos' stream: the journal's feed and a heartbeat, both
/// cancelled when the console goes away.
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

    /// The public request; the feed's and the clock's actions.
    public enum Action: RoutableAction {
        case request(Request)
        case `internal`(Internal)
    }

    /// What the effects send.
    public enum Internal: Sendable, Equatable {
        case recorded(JournalEntry)
        case heartbeat
    }

    /// How long the stream stays quiet before a comment (`--event-heartbeat`).
    let heartbeat: Duration

    /// The feature, its heartbeat every `heartbeat`.
    public init(heartbeat: Duration = StreamLimits().heartbeat) {
        self.heartbeat = heartbeat
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request:
            state.response = .eventStream()
            state.stream = StreamedBody()
            @Dependency(\.demoControls) var controls
            @Dependency(\.continuousClock) var clock
            let (journal, heartbeat) = (controls.journal, heartbeat)
            return .merge(
                .run { send in
                    for await entry in journal.recorded(pollingEvery: .seconds(1), clock: clock) {
                        await send(.internal(.recorded(entry)))
                    }
                },
                .run { send in
                    while true {
                        try await clock.sleep(for: heartbeat)
                        await send(.internal(.heartbeat))
                    }
                }
            )

        case .internal(.recorded(let entry)):
            var writer = JSONWriter()
            entry.write(to: &writer)
            state.stream?.send(ServerSentEvent.event(id: nil, data: writer.bytes))
            return .none

        case .internal(.heartbeat):
            state.stream?.send(ServerSentEvent.comment("heartbeat"))
            return .none
        }
    }
}
