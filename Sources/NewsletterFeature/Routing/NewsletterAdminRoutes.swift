import Foundation
public import HTTPKit
public import HTTPTypes

/// Routing for the newsletter's `/__admin` routes (api.md §6.2): the outbox and the subscriber
/// list. The app registers this table only with `--dev`, so without it these paths are 404.
public struct NewsletterAdminRoutes: Routes {
    /// Creates the table.
    public init() {}

    static let outbox = "/__admin/outbox"
    static let outboxPrefix = "/__admin/outbox/"
    static let subscribers = "/__admin/newsletter/subscribers"

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        switch path {
        case Self.outbox: [.get, .delete]
        case Self.subscribers: [.get]
        case _ where Self.isMessagePath(path): [.get]
        default: nil
        }
    }

    public func template(for path: String) -> String {
        Self.isMessagePath(path) ? Self.outboxPrefix + "{id}.eml" : path
    }

    public func offeredTypes(for path: String) -> [String] {
        Self.isMessagePath(path) ? [MediaType.rfc822] : ["application/json"]
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> NewsletterRequest {
        let operation: NewsletterRequest.Operation
        switch (request.path, request.method) {
        case (Self.outbox, .delete):
            operation = .clearOutbox
        case (Self.outbox, _):
            let query = request.queryParameters
            operation = .listOutbox(to: query["to"], limit: try Self.limit(query["limit"]))
        case (Self.subscribers, _):
            operation = .listSubscribers
        default:
            let id = request.path.dropFirst(Self.outboxPrefix.count).dropLast(".eml".count)
            operation = .outboxMessage(UUID(strict: id))
        }
        return NewsletterRequest(operation, baseURL: context.baseURL)
    }

    /// `limit`: 1–200, default 200 (api.md §6.2).
    static func limit(_ text: String?) throws(RouteError) -> Int {
        guard let text else { return Outbox.capacity }
        guard let limit = Int(text), (1...Outbox.capacity).contains(limit) else {
            throw RouteError(
                .malformedRequest(
                    "limit must be a whole number from 1 to \(Outbox.capacity).",
                    errors: [FieldError(field: "limit", code: "invalid", detail: "limit must be 1–\(Outbox.capacity).")]
                )
            )
        }
        return limit
    }

    /// `/__admin/outbox/{id}.eml`, one segment.
    static func isMessagePath(_ path: String) -> Bool {
        path.hasPrefix(outboxPrefix) && path.hasSuffix(".eml") && !path.dropFirst(outboxPrefix.count).contains("/")
    }
}
