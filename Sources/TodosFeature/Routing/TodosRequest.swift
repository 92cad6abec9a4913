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

    /// The response cache key of a read — method, base, path and query — or `nil` for writes.
    /// Made two or three times on a read that misses the cache (to look, to store, and first to see
    /// whether a PostgreSQL read is cacheable), so it is written in one allocation, a todo's id
    /// spelled in place.
    public var cacheKey: String? {
        switch operation {
        case .list: key("?", query.encoded())
        case .fetch(let id): key("/", spelledInPlace: 36) { id.writeLowercased(into: $0) }
        default: nil
        }
    }

    /// `GET `, the base URL, the view's root, `separator` and `suffix`, then up to `extra` bytes
    /// that `spell` writes in place and counts.
    private func key(
        _ separator: String,
        _ suffix: String = "",
        spelledInPlace extra: Int = 0,
        _ spell: (UnsafeMutableBufferPointer<UInt8>) -> Int = { _ in 0 }
    ) -> String {
        let capacity = 4 + baseURL.utf8.count + view.root.utf8.count + separator.utf8.count + suffix.utf8.count + extra
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            func put(_ text: String) {
                var text = text
                text.withUTF8 {
                    count =
                        UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: $0) + count
                }
            }
            put("GET ")
            put(baseURL)
            put(view.root)
            put(separator)
            put(suffix)
            return count + spell(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        }
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
