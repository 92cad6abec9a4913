public import HTTPKit
import HTTPTypes
import Logging

/// Routing for `GET /todos/events`, the todo store's change stream (`text/event-stream`).
///
/// Asked before `TodosRoutes`, whose `/todos/{id}` would otherwise take `events` for an id.
public struct TodoEventsRoutes: EventStreamRoutes {
    public static let path = "/todos/events"

    /// Creates the table.
    public init() {}

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> TodoEventsRequest {
        var lastEventID: TodoEventID?
        if let header = request.headers.combinedValue(.lastEventID) {
            lastEventID = TodoEventID(header)
            if lastEventID == nil {
                Self.logger.notice(
                    "Last-Event-ID not written by this server; the stream starts from now",
                    metadata: ["lastEventID": "\(header.prefix(64))", "request": "\(request.id)"])
            }
        }
        return TodoEventsRequest(lastEventID: lastEventID, baseURL: context.baseURL)
    }

    private static let logger = Logger(label: "counterpart.todo-events")
}
