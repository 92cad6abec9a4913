import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import Storage
import Testing
import TodosFeature

/// Sandboxes on one SQLite file (api.md §6.4): each store sees and changes its own rows only, and
/// dropping one removes its rows alone.
@Suite("Todo sandboxes on one SQLite file")
struct TodoSandboxTests {
    @Test("every kind of write in one sandbox leaves the other's todos as they were")
    func writesStayInTheirSandbox() async throws {
        let (database, neighbour, underTest) = try await Self.twoSandboxes()
        let before = try await neighbour.list(.all)
        #expect(before.count == Backend.neighbourTodos.count)

        _ = try await underTest.write(.importAll([Fixtures.todo(1), Fixtures.todo(2)]))
        _ = try await underTest.write(
            .create(TodoDraft(description: "new", isComplete: false), newID: Fixtures.id(3), now: Fixtures.now))
        _ = try await underTest.write(
            .update(id: Fixtures.id(1), TodoPatch(isComplete: true), .none, now: Fixtures.later))
        _ = try await underTest.write(
            .reorder(
                ids: [Fixtures.id(3), Fixtures.id(2), Fixtures.id(1)], ifMatch: nil, baseURL: "", now: Fixtures.later))
        _ = try await underTest.write(.delete(id: Fixtures.id(2), .none))
        #expect(try await underTest.list(.all).map(\.id) == [Fixtures.id(3), Fixtures.id(1)])
        _ = try await underTest.write(.deleteAll(.all))
        _ = try await underTest.write(.resetTo([Fixtures.todo(4)]))

        #expect(try await neighbour.list(.all) == before)
        #expect(try await underTest.list(.all) == [Fixtures.todo(4)])
        #expect(try await neighbour.fetch(Fixtures.id(4)).description == "Neighbour 4")

        try await database.write { db in try TodoRepository.dropSandbox(db, Backend.neighbour) }
        #expect(try await neighbour.list(.all).isEmpty)
        #expect(try await underTest.list(.all) == [Fixtures.todo(4)])
    }

    @Test("dropping a sandbox reads only its own range of the key")
    func dropUsesTheKey() async throws {
        let (database, _, _) = try await Self.twoSandboxes()
        let plan = try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN DELETE FROM todos WHERE sandbox = ?", arguments: ["a"])
                .map { row -> String in row["detail"] }
        }
        #expect(plan.contains { $0.contains("USING") && $0.contains("sandbox=?") }, "plan: \(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "plan: \(plan)")
    }

    @Test("a store writes only while its sandbox's generation is recorded: a late request writes nothing")
    func writesNeedTheirGeneration() async throws {
        let path = try temporaryDirectory().appendingPathComponent("todos.sqlite").path
        let database = try SQLiteDatabase.open(
            .sqliteFile(path: path), migrations: TodosMigrations.all + SandboxPartition.migrations)
        let record =
            "INSERT OR REPLACE INTO sandboxes (name, generation, createdAt, seed, seeded) VALUES ('a', ?, 0, 1, 1)"
        try await database.write { db in try db.execute(sql: record, arguments: [1]) }
        let first = TodoRepository.sqlite(database, sandbox: SandboxPartition(key: "a", generation: 1))
        _ = try await first.write(.importAll([Fixtures.todo(1)]))

        // Dropped, then created again in generation 2: the first store's writes now fail.
        try await database.write { db in
            try TodoRepository.dropSandbox(db, "a")
            try db.execute(sql: record, arguments: [2])
        }
        let second = TodoRepository.sqlite(database, sandbox: SandboxPartition(key: "a", generation: 2))
        do {
            _ = try await first.write(.importAll([Fixtures.todo(2)]))
            Issue.record("a store of a dropped generation must not write")
        } catch RepositoryError.conflict(let detail) {
            #expect(detail.contains("dropped while this request ran"))
        }
        _ = try await second.write(.importAll([Fixtures.todo(3)]))
        #expect(try await second.list(.all).map(\.id) == [Fixtures.id(3)])
    }

    /// A file whose sandbox `neighbour` holds `Backend.neighbourTodos`, and the stores of it and of
    /// an empty sandbox beside it.
    private static func twoSandboxes() async throws -> (any DatabaseWriter, TodoRepository, TodoRepository) {
        let path = try temporaryDirectory().appendingPathComponent("todos.sqlite").path
        let database = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: TodosMigrations.all)
        let neighbour = TodoRepository.sqlite(database, sandbox: SandboxPartition(key: Backend.neighbour))
        try await Backend.fillNeighbour(neighbour)
        return (database, neighbour, TodoRepository.sqlite(database, sandbox: SandboxPartition(key: "under-test")))
    }
}
