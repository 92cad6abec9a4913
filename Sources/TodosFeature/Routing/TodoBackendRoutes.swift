import Foundation
public import HTTPKit
public import HTTPTypes

/// Routing for the Todo-Backend view of the same store (api.md §2.6): `/todo-backend` and
/// `/todo-backend/{id}`, with `title`/`completed` bodies and the same rules as `/todos`.
public struct TodoBackendRoutes: Routes {
    /// Creates the table.
    public init() {}

    private static let root = TodoView.todoBackend.root

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        if path == Self.root { return [.get, .post, .delete] }
        guard path.hasPrefix(Self.root + "/"),
            path.utf8.dropFirst(Self.root.utf8.count + 1).firstIndex(of: UInt8(ascii: "/")) == nil
        else { return nil }
        return [.get, .patch, .delete]
    }

    public func template(for path: String) -> String {
        path == Self.root ? path : Self.root + "/{id}"
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> TodosRequest {
        let query = request.queryParameters
        let operation: TodosRequest.Operation
        if request.path == Self.root {
            switch request.method {
            case .post: operation = .create(try TodosBodyParser.draft(request, pathID: nil, view: .todoBackend))
            case .delete: operation = .deleteAll(.all)
            default: operation = .list(TodoListQuery())
            }
        } else {
            let text = request.path.dropFirst(Self.root.count + 1)
            guard let id = UUID(strict: text) else {
                throw RouteError(.notFound("No todo \(text) exists; ids are UUIDs."))
            }
            let precondition = TodoPrecondition(ifMatch: request.headers.combinedValue(.ifMatch), ifNoneMatchAny: false)
            switch request.method {
            case .patch:
                operation = .update(
                    id, try TodosBodyParser.patch(request, pathID: id, view: .todoBackend), precondition)
            case .delete: operation = .delete(id, precondition)
            default: operation = .fetch(id)
            }
        }
        return TodosRequest(operation, baseURL: context.baseURL, query: query, view: .todoBackend)
    }
}
