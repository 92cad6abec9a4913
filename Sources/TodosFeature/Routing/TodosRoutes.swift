import Foundation
public import HTTPKit
public import HTTPTypes

/// Routing for `/todos`, `/todos/reorder` and `/todos/{id}`: paths, methods, and every check that
/// needs no stored data (api.md §2) — malformed input is answered here, before a store exists.
public struct TodosRoutes: Routes {
    /// Creates the table.
    public init() {}

    /// The table's three paths, told apart by byte count before bytes (`equalsPath`): routing asks
    /// the table about every request it passes. Any path but the two fixed ones is taken for an
    /// item's; `methods(for:)` checks that it is one.
    private enum Path {
        case collection, reorder, item

        init(_ path: String) {
            if path.equalsPath("/todos") {
                self = .collection
            } else if path.equalsPath("/todos/reorder") {
                self = .reorder
            } else {
                self = .item
            }
        }
    }

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        switch Path(path) {
        case .collection: [.get, .post, .delete]
        case .reorder: [.post]
        case .item: path.segment(after: "/todos/") != nil ? [.get, .put, .patch, .delete] : nil
        }
    }

    public func template(for path: String) -> String {
        Path(path) == .item ? "/todos/{id}" : path
    }

    /// `POST /todos` and `POST /todos/reorder` honour `Idempotency-Key`.
    public func acceptsIdempotencyKey(_ request: ServerRequest) -> Bool {
        request.method == .post && Path(request.path) != .item
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> TodosRequest {
        let query = request.queryParameters
        let operation: TodosRequest.Operation
        switch (Path(request.path), request.method) {
        case (.collection, .get), (.collection, .head):
            operation = .list(try TodosQueryParser.listQuery(query))
        case (.collection, .post):
            operation = .create(try TodosBodyParser.draft(request, pathID: nil))
        case (.collection, .delete):
            operation = .deleteAll(try TodosQueryParser.filter(query) ?? .all)
        case (.reorder, _):
            var body = try BodyReader(request)
            let ids = body.uuids("ids", required: true)
            try body.validated()
            operation = .reorder(ids ?? [], ifMatch: request.headers.combinedValue(.ifMatch))
        default:
            // The path's bytes after `/todos/`, sliced by offset: dropping characters walked them as
            // graphemes (~900 instructions of every GET /todos/{id}).
            let idText = Substring(request.path.utf8.dropFirst(Self.itemPrefixCount))
            guard let id = UUID(strict: idText) else {
                throw RouteError(.notFound("No todo \(idText) exists; ids are UUIDs."))
            }
            switch request.method {
            case .put:
                operation = .replace(id, try TodosBodyParser.draft(request, pathID: id), Self.precondition(request))
            case .patch:
                operation = .update(id, try TodosBodyParser.patch(request, pathID: id), Self.precondition(request))
            case .delete: operation = .delete(id, Self.precondition(request))
            default: operation = .fetch(id)
            }
        }
        return TodosRequest(operation, baseURL: context.baseURL, query: query)
    }

    /// The bytes of `/todos/`, before a todo's id.
    private static let itemPrefixCount = "/todos/".utf8.count

    /// A write's `If-Match` and `If-None-Match: *` (api.md §2.4); a read has none to honour.
    private static func precondition(_ request: ServerRequest) -> TodoPrecondition {
        TodoPrecondition(
            ifMatch: request.headers.combinedValue(.ifMatch),
            ifNoneMatchAny: request.headers.combinedValue(.ifNoneMatch)?.trimmingCharacters(in: .whitespaces) == "*"
        )
    }
}
