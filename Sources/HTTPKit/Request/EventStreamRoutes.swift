public import HTTPTypes

/// Routing for a domain's one server-sent events stream at one path (`GET /todos/events`,
/// `GET /__admin/requests/events`): `GET` only (so `HEAD` too), `text/event-stream` only — an
/// `Accept` that rules it out is 406 — and every `GET` streams. A conformer names its `path` and
/// turns a request into its public action; the rest is the same for every stream.
public protocol EventStreamRoutes: Routes {
    /// The stream's path.
    static var path: String { get }
}

extension EventStreamRoutes {
    public func methods(for path: String) -> [HTTPRequest.Method]? {
        path.equalsPath(Self.path) ? [.get] : nil
    }

    public func template(for path: String) -> String { Self.path }

    public func offeredTypes(for path: String) -> [String] { [MediaType.eventStream] }

    public var mayStream: Bool { true }

    public func streams(_ request: ServerRequest) -> Bool { request.method == .get }
}
