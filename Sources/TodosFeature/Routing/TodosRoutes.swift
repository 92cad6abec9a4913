import Foundation
public import HTTPKit
public import HTTPTypes

/// Routing for `/todos`, `/todos/reorder` and `/todos/{id}`: paths, methods, and every check that
/// needs no stored data (api.md §2) — malformed input is answered here, before a store exists.
public struct TodosRoutes: Routes {
    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        switch path {
        case "/todos": [.get, .post, .delete]
        case "/todos/reorder": [.post]
        case _ where path.segment(after: "/todos/") != nil:
            [.get, .put, .patch, .delete]
        default: nil
        }
    }

    public func template(for path: String) -> String {
        path == "/todos" || path == "/todos/reorder" ? path : "/todos/{id}"
    }

    /// `POST /todos` and `POST /todos/reorder` honour `Idempotency-Key`.
    public func acceptsIdempotencyKey(_ request: ServerRequest) -> Bool {
        request.method == .post && (request.path == "/todos" || request.path == "/todos/reorder")
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> TodosRequest {
        let query = request.queryParameters
        let operation: TodosRequest.Operation
        switch (request.path, request.method) {
        case ("/todos", .get), ("/todos", .head):
            operation = .list(try TodosQueryParser.listQuery(query))
        case ("/todos", .post):
            operation = .create(try TodosBodyParser.draft(request, pathID: nil))
        case ("/todos", .delete):
            operation = .deleteAll(try TodosQueryParser.filter(query) ?? .all)
        case ("/todos/reorder", _):
            var body = try BodyReader(request)
            let ids = body.uuids("ids", required: true)
            try body.validated()
            operation = .reorder(ids ?? [], ifMatch: request.headers[.ifMatch])
        default:
            guard let id = UUID(strict: request.path.dropFirst("/todos/".count)) else {
                throw RouteError(.notFound("No todo \(request.path.dropFirst("/todos/".count)) exists; ids are UUIDs."))
            }
            let precondition = TodoPrecondition(
                ifMatch: request.headers[.ifMatch],
                ifNoneMatchAny: request.headers[.ifNoneMatch]?.trimmingCharacters(in: .whitespaces) == "*"
            )
            switch request.method {
            case .put: operation = .replace(id, try TodosBodyParser.draft(request, pathID: id), precondition)
            case .patch: operation = .update(id, try TodosBodyParser.patch(request, pathID: id), precondition)
            case .delete: operation = .delete(id, precondition)
            default: operation = .fetch(id)
            }
        }
        return TodosRequest(operation, baseURL: context.baseURL, query: query)
    }
}
