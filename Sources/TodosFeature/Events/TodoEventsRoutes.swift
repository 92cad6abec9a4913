public import HTTPKit
public import HTTPTypes
import Logging

/// Routing for `GET /todos/events`, the todo store's change stream (`text/event-stream`).
///
/// Asked before `TodosRoutes`, whose `/todos/{id}` would otherwise take `events` for an id.
public struct TodoEventsRoutes: Routes {
    /// The stream's path.
    public static let path = "/todos/events"

    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        path == Self.path ? [.get] : nil
    }

    public func template(for path: String) -> String { Self.path }

    /// Server-sent events only: an `Accept` that rules them out is answered 406.
    public func offeredTypes(for path: String) -> [String] { [MediaType.eventStream] }

    public var mayStream: Bool { true }

    public func streams(_ request: ServerRequest) -> Bool { request.method == .get }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> TodoEventsRequest {
        var lastEventID: TodoEventID?
        if let header = request.headers[.lastEventID] {
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
