public import Foundation
public import HTTPKit

/// One write to the todo store, described as data so every backend applies the same rules.
///
/// A backend runs `TodoRules.apply(_:to:)` on the todos it holds, inside one transaction, and
/// persists the resulting upserts and deletions; the rules themselves (api.md §2.2–§2.5) exist once.
public enum TodoChange: Sendable, Equatable {
    /// `POST /todos`: create, or upsert an existing id. `newID` is used when the draft has none.
    case create(TodoDraft, newID: UUID, now: Timestamp)
    /// `PUT /todos/{id}`: create or replace.
    case replace(id: UUID, TodoDraft, TodoPrecondition, now: Timestamp)
    /// `PATCH /todos/{id}`: change some fields of an existing todo.
    case update(id: UUID, TodoPatch, TodoPrecondition, now: Timestamp)
    /// `DELETE /todos/{id}`.
    case delete(id: UUID, TodoPrecondition)
    /// `DELETE /todos` with a filter.
    case deleteAll(TodoFilter)
    /// `POST /todos/reorder`: `ids` must be a permutation; `ifMatch` is compared with the list's ETag
    /// as `GET /todos` on `baseURL` would send it.
    case reorder(ids: [UUID], ifMatch: String?, baseURL: String, now: Timestamp)
    /// `counterpart import`: store these todos exactly as given.
    case importAll([Todo])
    /// `POST /__admin/reset`: store exactly these todos, removing every other, in one write.
    case resetTo([Todo])
}

/// What a write did, for the response.
public enum TodoWriteOutcome: Sendable, Equatable {
    /// One todo now stored; `created` when it did not exist before.
    case saved(Todo, created: Bool)
    /// The ids of the todos removed.
    case deleted([UUID])
    /// The whole list in its new order.
    case reordered([Todo])
    /// How many todos an import stored.
    case imported(Int)

    /// The ids a deletion removed; `nil` for any other outcome.
    public var deletedIDs: [UUID]? {
        guard case .deleted(let ids) = self else { return nil }
        return ids
    }
}

/// The rows a write changes, as computed by `TodoRules`.
public struct TodoMutation: Sendable, Equatable {
    /// Todos to insert or overwrite.
    public var upserts: [Todo] = []
    /// Ids to remove.
    public var deletions: [UUID] = []
    /// What to tell the client.
    public var outcome: TodoWriteOutcome

    /// Whether the write changes any row: one that does not (the same PATCH again, the same order
    /// again) is answered as usual, but bumps no version and is no event.
    public var changesRows: Bool { !upserts.isEmpty || !deletions.isEmpty }
}
