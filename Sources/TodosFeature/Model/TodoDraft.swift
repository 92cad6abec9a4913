public import Foundation

/// The body of `POST /todos` or `PUT /todos/{id}`: what a client sends to create or replace a todo.
public struct TodoDraft: Sendable, Equatable {
    /// The id to create or replace; `nil` lets the server choose (POST only).
    public var id: UUID?
    /// The new description.
    public var description: String
    /// The new completion; `nil` means `false` (POST) — PUT always sends it.
    public var isComplete: Bool?
    /// The new position; `nil` keeps the current one, or puts a new todo on top.
    public var order: Int?

    /// Creates a draft.
    public init(id: UUID? = nil, description: String, isComplete: Bool? = nil, order: Int? = nil) {
        self.id = id
        self.description = description
        self.isComplete = isComplete
        self.order = order
    }
}

/// The body of `PATCH /todos/{id}` (RFC 7396 merge patch): only the members to change.
public struct TodoPatch: Sendable, Equatable {
    /// A new description, or `nil` to keep it.
    public var description: String?
    /// A new completion, or `nil` to keep it.
    public var isComplete: Bool?
    /// A new position, or `nil` to keep it.
    public var order: Int?

    /// Creates a patch.
    public init(description: String? = nil, isComplete: Bool? = nil, order: Int? = nil) {
        self.description = description
        self.isComplete = isComplete
        self.order = order
    }
}

/// A write's conditions (api.md §1.2): `If-Match` compares strongly against the todo's ETag,
/// `If-None-Match: *` requires that it does not exist yet.
public struct TodoPrecondition: Sendable, Equatable {
    /// The `If-Match` header, if sent.
    public var ifMatch: String?
    /// Whether `If-None-Match: *` was sent.
    public var ifNoneMatchAny: Bool

    /// No condition.
    public static let none = Self(ifMatch: nil, ifNoneMatchAny: false)

    /// Creates a condition.
    public init(ifMatch: String?, ifNoneMatchAny: Bool) {
        self.ifMatch = ifMatch
        self.ifNoneMatchAny = ifNoneMatchAny
    }
}
