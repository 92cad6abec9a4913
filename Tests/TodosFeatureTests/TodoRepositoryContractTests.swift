import Foundation
import HTTPKit
import Storage
import Testing
import TodosFeature

/// The contract every todo backend keeps; a behaviour is added here first, then to each backend.
@Suite("TodoRepository contract")
struct TodoRepositoryContractTests {
    @Test("starts empty, and imported todos list in storage order", arguments: Backend.allCases)
    func importAndList(backend: Backend) async throws {
        let todos = try await backend.make()
        #expect(try await todos.list(.all).isEmpty)
        let seeded = [Fixtures.todo(3, order: 1), Fixtures.todo(1, order: 1), Fixtures.todo(2, order: 0)]
        _ = try await todos.write(.importAll(seeded))
        let listed = try await todos.list(.all)
        #expect(TodoListQuery().apply(to: listed).items.map(\.id) == [Fixtures.id(2), Fixtures.id(1), Fixtures.id(3)])
        #expect(Set(listed) == Set(seeded))
    }

    @Test("resetTo stores exactly the given todos, removing every other, in one write", arguments: Backend.allCases)
    func resetTo(backend: Backend) async throws {
        let todos = try await backend.make()
        _ = try await todos.write(.importAll([Fixtures.todo(1), Fixtures.todo(2), Fixtures.todo(3)]))
        let versionBefore = try await todos.version.current()
        let seed = [Fixtures.todo(2, complete: true), Fixtures.todo(4)]
        #expect(try await todos.write(.resetTo(seed)) == .imported(2))
        #expect(Set(try await todos.list(.all)) == Set(seed))
        #expect(try await todos.version.current() != versionBefore, "cached lists of the old todos are unreachable")
    }

    @Test("filters narrow the list", arguments: Backend.allCases)
    func filters(backend: Backend) async throws {
        let todos = try await backend.make()
        _ = try await todos.write(.importAll([Fixtures.todo(1), Fixtures.todo(2, complete: true)]))
        #expect(try await todos.list(.active).map(\.id) == [Fixtures.id(1)])
        #expect(try await todos.list(.completed).map(\.id) == [Fixtures.id(2)])
        #expect(try await todos.list(.all).count == 2)
    }

    @Test("fetch returns the stored todo or throws notFound", arguments: Backend.allCases)
    func fetch(backend: Backend) async throws {
        let todos = try await backend.make()
        _ = try await todos.write(.importAll([Fixtures.todo(1)]))
        #expect(try await todos.fetch(Fixtures.id(1)) == Fixtures.todo(1))
        await #expect(throws: RepositoryError.notFound("No todo \(Fixtures.id(9).lowercased) exists.")) {
            try await todos.fetch(Fixtures.id(9))
        }
    }

    @Test("create puts new todos on top and upserts an existing id", arguments: Backend.allCases)
    func createAndUpsert(backend: Backend) async throws {
        let todos = try await backend.make()
        let first = try await todos.write(
            .create(TodoDraft(description: "a"), newID: Fixtures.id(1), now: Fixtures.now))
        let created = Todo(
            id: Fixtures.id(1), description: "a", isComplete: false, order: 0,
            createdAt: Fixtures.now, updatedAt: Fixtures.now
        )
        #expect(first == .saved(created, created: true))
        let second = try await todos.write(
            .create(TodoDraft(description: "b"), newID: Fixtures.id(2), now: Fixtures.now))
        guard case .saved(let top, true) = second else { Issue.record("expected a created todo"); return }
        #expect(top.order == -1)

        let upsert = TodoDraft(id: Fixtures.id(1), description: "a2", isComplete: true)
        let replaced = try await todos.write(.create(upsert, newID: Fixtures.id(3), now: Fixtures.later))
        var expected = created
        expected.description = "a2"
        expected.isComplete = true
        expected.updatedAt = Fixtures.later
        #expect(replaced == .saved(expected, created: false))

        let same = TodoDraft(id: Fixtures.id(1), description: "a2", isComplete: true, order: 0)
        let unchanged = try await todos.write(
            .create(same, newID: Fixtures.id(3), now: Fixtures.later.adding(seconds: 60)))
        #expect(unchanged == .saved(expected, created: false), "an identical body changes nothing, not even updatedAt")
        #expect(try await todos.fetch(Fixtures.id(1)) == expected)
    }

    @Test("the store refuses a todo beyond 1,000", arguments: Backend.allCases)
    func storeLimit(backend: Backend) async throws {
        let todos = try await backend.make()
        #expect(try await todos.write(.importAll((1..<Todo.storeLimit).map { Fixtures.todo($0) })) == .imported(999))
        await #expect(throws: TodosError.storeFull, "an import may not overfill the store either") {
            try await todos.write(.importAll([Fixtures.todo(5_000), Fixtures.todo(5_001)]))
        }
        #expect(try await todos.write(.importAll([Fixtures.todo(1), Fixtures.todo(5_000)])) == .imported(2))
        await #expect(throws: TodosError.storeFull) {
            try await todos.write(.create(TodoDraft(description: "x"), newID: UUID(), now: Fixtures.now))
        }
        #expect(try await todos.list(.all).count == Todo.storeLimit)
    }

    @Test("replace creates or replaces, honouring If-Match and If-None-Match: *", arguments: Backend.allCases)
    func replace(backend: Backend) async throws {
        let todos = try await backend.make()
        let draft = TodoDraft(description: "put", isComplete: true)
        let created = try await todos.write(.replace(id: Fixtures.id(5), draft, .none, now: Fixtures.now))
        guard case .saved(let todo, true) = created else { Issue.record("expected creation"); return }
        await #expect(throws: TodosError.self) {
            try await todos.write(
                .replace(
                    id: Fixtures.id(5), draft, TodoPrecondition(ifMatch: nil, ifNoneMatchAny: true), now: Fixtures.now))
        }
        await #expect(throws: TodosError.self) {
            try await todos.write(
                .replace(
                    id: Fixtures.id(5), draft, TodoPrecondition(ifMatch: "\"stale\"", ifNoneMatchAny: false),
                    now: Fixtures.now))
        }
        let matching = TodoPrecondition(ifMatch: todo.entityTag, ifNoneMatchAny: false)
        let replaced = try await todos.write(
            .replace(
                id: Fixtures.id(5), TodoDraft(description: "put2", isComplete: false), matching, now: Fixtures.later)
        )
        guard case .saved(let after, false) = replaced else { Issue.record("expected replacement"); return }
        #expect(after.description == "put2")
        #expect(after.order == todo.order)
        #expect(after.createdAt == Fixtures.now)
    }

    @Test("update changes only the given fields and never creates", arguments: Backend.allCases)
    func update(backend: Backend) async throws {
        let todos = try await backend.make()
        _ = try await todos.write(.importAll([Fixtures.todo(1)]))
        let outcome = try await todos.write(
            .update(id: Fixtures.id(1), TodoPatch(isComplete: true), .none, now: Fixtures.now))
        var expected = Fixtures.todo(1)
        expected.isComplete = true
        expected.updatedAt = Fixtures.now
        #expect(outcome == .saved(expected, created: false))
        await #expect(throws: RepositoryError.self) {
            try await todos.write(.update(id: Fixtures.id(2), TodoPatch(isComplete: true), .none, now: Fixtures.now))
        }
        #expect(try await todos.list(.all).count == 1)
    }

    @Test("delete removes one todo; If-Match must match; unknown ids are notFound", arguments: Backend.allCases)
    func delete(backend: Backend) async throws {
        let todos = try await backend.make()
        _ = try await todos.write(.importAll([Fixtures.todo(1), Fixtures.todo(2)]))
        await #expect(throws: TodosError.self) {
            try await todos.write(
                .delete(id: Fixtures.id(1), TodoPrecondition(ifMatch: "\"nope\"", ifNoneMatchAny: false)))
        }
        #expect(try await todos.write(.delete(id: Fixtures.id(1), .none)) == .deleted([Fixtures.id(1)]))
        await #expect(throws: RepositoryError.self) { try await todos.write(.delete(id: Fixtures.id(1), .none)) }
        #expect(try await todos.list(.all).map(\.id) == [Fixtures.id(2)])
    }

    @Test("deleteAll removes what the filter selects", arguments: Backend.allCases)
    func deleteAll(backend: Backend) async throws {
        let todos = try await backend.make()
        _ = try await todos.write(
            .importAll([Fixtures.todo(1), Fixtures.todo(2, complete: true), Fixtures.todo(3, complete: true)]))
        let removed = try await todos.write(.deleteAll(.completed))
        #expect(
            removed.deletedIDs.map(Set.init) == [Fixtures.id(2), Fixtures.id(3)], "the ids it removed, in any order")
        #expect(try await todos.list(.all).map(\.id) == [Fixtures.id(1)])
        #expect(try await todos.write(.deleteAll(.all)) == .deleted([Fixtures.id(1)]))
        #expect(try await todos.list(.all).isEmpty)
    }

    @Test("reorder needs a permutation and sets order 0…n−1", arguments: Backend.allCases)
    func reorder(backend: Backend) async throws {
        let todos = try await backend.make()
        _ = try await todos.write(.importAll([Fixtures.todo(1), Fixtures.todo(2), Fixtures.todo(3)]))
        await #expect(throws: TodosError.notPermutation(missing: 2, unknown: 1, duplicate: 1)) {
            try await todos.write(
                .reorder(
                    ids: [Fixtures.id(1), Fixtures.id(1), Fixtures.id(9)], ifMatch: nil, baseURL: "", now: Fixtures.now)
            )
        }
        let ids = [Fixtures.id(3), Fixtures.id(1), Fixtures.id(2)]
        guard
            case .reordered(let result) = try await todos.write(
                .reorder(ids: ids, ifMatch: nil, baseURL: "", now: Fixtures.now))
        else { Issue.record("expected a reordered list"); return }
        #expect(result.map(\.id) == ids)
        #expect(result.map(\.order) == [0, 1, 2])
        let listed = TodoListQuery().apply(to: try await todos.list(.all)).items
        #expect(Array(listed) == result)
        await #expect(throws: TodosError.self) {
            try await todos.write(.reorder(ids: ids, ifMatch: "\"stale\"", baseURL: "", now: Fixtures.now))
        }
    }
}
