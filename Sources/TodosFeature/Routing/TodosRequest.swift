public import Foundation
public import HTTPKit

/// A public request to the todos domain, as the router builds it from HTTP (api.md §2).
public struct TodosRequest: Sendable, Equatable {
    /// What the client asks for.
    public var operation: Operation
    /// The base of absolute URLs in the answer (`url`, `Location`, `Link`).
    public var baseURL: String
    /// The query as received, minus demo controls, for `Link` headers.
    public var query: QueryParameters
    /// The shape the answer is written in.
    public var view: TodoView

    /// Creates a request.
    public init(
        _ operation: Operation,
        baseURL: String,
        query: QueryParameters = QueryParameters(""),
        view: TodoView = .api
    ) {
        self.operation = operation
        self.baseURL = baseURL
        self.query = query
        self.view = view
    }

    /// Whether the request only reads (a list, a todo by id): the requests whose answers are cached.
    public var isRead: Bool {
        switch operation {
        case .list, .fetch: true
        default: false
        }
    }

    /// The response cache key of a read — method, base, path and query — or `nil` for writes.
    /// Made once per read while the cache is on (the reducer keeps it in its state), its room
    /// reserved once.
    public var cacheKey: String? {
        let separator: String
        let last: String
        switch operation {
        case .list: (separator, last) = ("?", query.encoded())
        case .fetch(let id): (separator, last) = ("/", id.lowercased)
        default: return nil
        }
        var key = "GET "
        key.reserveCapacity(4 + baseURL.utf8.count + view.root.utf8.count + separator.utf8.count + last.utf8.count)
        key += baseURL
        key += view.root
        key += separator
        key += last
        return key
    }

    /// The operations of api.md §2.1–§2.5.
    public enum Operation: Sendable, Equatable {
        /// `GET /todos`.
        case list(TodoListQuery)
        /// `GET /todos/{id}`.
        case fetch(UUID)
        /// `POST /todos`.
        case create(TodoDraft)
        /// `PUT /todos/{id}`.
        case replace(UUID, TodoDraft, TodoPrecondition)
        /// `PATCH /todos/{id}`.
        case update(UUID, TodoPatch, TodoPrecondition)
        /// `DELETE /todos/{id}`.
        case delete(UUID, TodoPrecondition)
        /// `DELETE /todos`.
        case deleteAll(TodoFilter)
        /// `POST /todos/reorder`.
        case reorder([UUID], ifMatch: String?)
    }
}
