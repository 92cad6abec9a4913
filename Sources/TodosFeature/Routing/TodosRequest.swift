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
    /// Made once per read while the cache is on (the reducer keeps it in its state), written in
    /// place in one allocation: appended piece by piece, with the id's own string, it cost ~2,500
    /// instructions of a cached `GET /todos/{id}` (BENCHMARKS.md).
    public var cacheKey: String? {
        switch operation {
        case .list:
            var last = query.encoded()
            return last.withUTF8 { last in
                key(separator: UInt8(ascii: "?"), lastCount: last.count) { $0.initialize(fromContentsOf: last) }
            }
        case .fetch(let id):
            return key(separator: UInt8(ascii: "/"), lastCount: 36) { id.writeLowercased(into: $0) }
        default:
            return nil
        }
    }

    /// `GET `, the base URL, the view's root, `separator`, then the at most `lastCount` bytes that
    /// `last` writes into the buffer it is given, returning how many.
    private func key(
        separator: UInt8, lastCount: Int, last: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) -> String {
        var (base, root) = (baseURL, view.root)
        let method: StaticString = "GET "
        let count = method.utf8CodeUnitCount + base.utf8.count + root.utf8.count + 1 + lastCount
        return String(unsafeUninitializedCapacity: count) { buffer in
            var written = 0
            func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                written += UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(fromContentsOf: bytes)
            }
            append(UnsafeBufferPointer(start: method.utf8Start, count: method.utf8CodeUnitCount))
            base.withUTF8(append)
            root.withUTF8(append)
            buffer[written] = separator
            written += 1
            written += last(UnsafeMutableBufferPointer(rebasing: buffer[written...]))
            return written
        }
    }

    /// The operations of api.md §2.1–§2.5.
    ///
    /// The writes' bodies are boxed (`indirect`): inline, the largest (97 bytes) sized every
    /// operation, and the reads — most requests — moved it through every state and action copy.
    public enum Operation: Sendable, Equatable {
        /// `GET /todos`.
        case list(TodoListQuery)
        /// `GET /todos/{id}`.
        case fetch(UUID)
        /// `POST /todos`.
        indirect case create(TodoDraft)
        /// `PUT /todos/{id}`.
        indirect case replace(UUID, TodoDraft, TodoPrecondition)
        /// `PATCH /todos/{id}`.
        indirect case update(UUID, TodoPatch, TodoPrecondition)
        /// `DELETE /todos/{id}`.
        case delete(UUID, TodoPrecondition)
        /// `DELETE /todos`.
        case deleteAll(TodoFilter)
        /// `POST /todos/reorder`.
        case reorder([UUID], ifMatch: String?)
    }
}
