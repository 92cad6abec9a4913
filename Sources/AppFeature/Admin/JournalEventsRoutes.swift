public import HTTPKit

/// Routing for `GET /__admin/requests/events`: the request journal as server-sent events, which the
/// console reads instead of polling. Registered only with `--dev`, like every `/__admin` route.
public struct JournalEventsRoutes: EventStreamRoutes {
    public static let path = "/__admin/requests/events"

    /// Creates the table.
    public init() {}

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError)
        -> JournalEventsFeature.Request
    {
        JournalEventsFeature.Request()
    }
}
