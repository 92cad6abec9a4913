public import HTTPKit
public import HTTPTypes

/// Routing for `GET /__admin/requests/events`: the request journal as server-sent events, which the
/// console reads instead of polling. Registered only with `--dev`, like every `/__admin` route.
public struct JournalEventsRoutes: Routes {
    /// The stream's path.
    public static let path = "/__admin/requests/events"

    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        path == Self.path ? [.get] : nil
    }

    public func template(for path: String) -> String { Self.path }

    public func offeredTypes(for path: String) -> [String] { [MediaType.eventStream] }

    public var mayStream: Bool { true }

    public func streams(_ request: ServerRequest) -> Bool { request.method == .get }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError)
        -> JournalEventsFeature
        .Request
    {
        JournalEventsFeature.Request()
    }
}
