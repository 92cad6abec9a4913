import Foundation
import HTTPKit
import Storage

/// The todo store's write rules (api.md §2), as pure functions of the todos currently stored.
///
/// Both backends call `apply` inside their write transaction, so the rules — upsert semantics,
/// "new todos go on top", the 1,000 limit, preconditions, permutations — cannot drift apart.
public enum TodoRules {
    /// The rows `change` writes, given everything currently stored (in any order).
    public static func apply(_ change: TodoChange, to stored: [Todo]) throws -> TodoMutation {
        switch change {
        case .create(let draft, let newID, let now):
            return try save(draft, id: draft.id ?? newID, precondition: .none, in: stored, now: now)
        case .replace(let id, let draft, let precondition, let now):
            return try save(draft, id: id, precondition: precondition, in: stored, now: now)
        case .update(let id, let patch, let precondition, let now):
            let existing = stored.first { $0.id == id }
            try check(precondition, against: existing)
            guard let existing else { throw RepositoryErrorMessages.notFound(id) }
            var todo = existing
            todo.description = patch.description ?? todo.description
            todo.isComplete = patch.isComplete ?? todo.isComplete
            todo.order = patch.order ?? todo.order
            if todo != existing { todo.updatedAt = now }
            return TodoMutation(upserts: todo == existing ? [] : [todo], outcome: .saved(todo, created: false))
        case .delete(let id, let precondition):
            let existing = stored.first { $0.id == id }
            try check(precondition, against: existing)
            guard existing != nil else { throw RepositoryErrorMessages.notFound(id) }
            return TodoMutation(deletions: [id], outcome: .deleted([id]))
        case .deleteAll(let filter):
            let removed = stored.filter(filter.includes).map(\.id)
            return TodoMutation(deletions: removed, outcome: .deleted(removed))
        case .reorder(let ids, let ifMatch, let baseURL, let now):
            return try reorder(ids, ifMatch: ifMatch, baseURL: baseURL, stored: stored, now: now)
        case .importAll(let todos):
            guard Set(stored.map(\.id)).union(todos.map(\.id)).count <= Todo.storeLimit else {
                throw TodosError.storeFull
            }
            return TodoMutation(upserts: todos, outcome: .imported(todos.count))
        case .resetTo(let todos):
            let kept = Set(todos.map(\.id))
            let removed = stored.map(\.id).filter { !kept.contains($0) }
            return TodoMutation(upserts: todos, deletions: removed, outcome: .imported(todos.count))
        }
    }

    /// Creates the todo `id`, or replaces its description and completion (omitted = `false`) and, when
    /// given, its order; an identical draft changes nothing, not even `updatedAt`.
    private static func save(
        _ draft: TodoDraft,
        id: UUID,
        precondition: TodoPrecondition,
        in stored: [Todo],
        now: Timestamp
    ) throws -> TodoMutation {
        let existing = stored.first { $0.id == id }
        try check(precondition, against: existing)
        let todo: Todo
        if var updated = existing {
            updated.description = draft.description
            updated.isComplete = draft.isComplete ?? false
            updated.order = draft.order ?? updated.order
            if updated != existing { updated.updatedAt = now }
            todo = updated
        } else {
            guard stored.count < Todo.storeLimit else { throw TodosError.storeFull }
            let top = stored.map(\.order).min().map { max($0 - 1, Todo.orderRange.lowerBound) } ?? 0
            todo = Todo(
                id: id,
                description: draft.description,
                isComplete: draft.isComplete ?? false,
                order: draft.order ?? top,
                createdAt: now,
                updatedAt: now
            )
        }
        return TodoMutation(upserts: todo == existing ? [] : [todo], outcome: .saved(todo, created: existing == nil))
    }

    private static func check(_ precondition: TodoPrecondition, against existing: Todo?) throws {
        if let ifMatch = precondition.ifMatch, !EntityTag.matchSucceeds(ifMatch, tag: existing?.entityTag) {
            throw TodosError.preconditionFailed(
                existing == nil
                    ? "If-Match was sent but the todo does not exist."
                    : "If-Match \(ifMatch) does not match the todo's current ETag \(existing?.entityTag ?? ""); GET it again."
            )
        }
        if precondition.ifNoneMatchAny, existing != nil {
            throw TodosError.preconditionFailed("If-None-Match: * was sent but the todo already exists.")
        }
    }

    private static func reorder(_ ids: [UUID], ifMatch: String?, baseURL: String, stored: [Todo], now: Timestamp) throws
        -> TodoMutation
    {
        if let ifMatch {
            let current = TodoListQuery().apply(to: TodoList(stored)).items
            let tag = EntityTag.strong(for: current.body(baseURL: baseURL))
            guard EntityTag.matchSucceeds(ifMatch, tag: tag) else {
                throw TodosError.preconditionFailed(
                    "If-Match \(ifMatch) is not the current list's ETag \(tag); GET /todos again.")
            }
        }
        let known = Set(stored.map(\.id))
        let named = Set(ids)
        let missing = known.subtracting(named).count
        let unknown = named.subtracting(known).count
        let duplicate = ids.count - named.count
        guard missing == 0, unknown == 0, duplicate == 0 else {
            throw TodosError.notPermutation(missing: missing, unknown: unknown, duplicate: duplicate)
        }
        let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        var reordered: [Todo] = []
        var upserts: [Todo] = []
        for (position, id) in ids.enumerated() {
            guard var todo = byID[id] else { continue }
            if todo.order != position {
                todo.order = position
                todo.updatedAt = now
                upserts.append(todo)
            }
            reordered.append(todo)
        }
        return TodoMutation(upserts: upserts, outcome: .reordered(reordered))
    }
}
