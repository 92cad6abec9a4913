#if PostgreSQL
import CounterpartTestSupport
import Foundation
import HTTPKit
import PostgresNIO
import PostgresStorage
import Storage
import Testing
import TodosFeature
import TodosPostgres

/// What only the PostgreSQL store promises: several processes (here, two pools on one database,
/// as two instances would have) agree on every write.
@Suite("Todos on PostgreSQL, shared by instances")
struct TodoPostgresTests {
    @Test("concurrent If-Match updates of one ETag through two instances: exactly one wins")
    func oneWinnerPerETag() async throws {
        let (first, second) = try await Self.twoInstances()
        _ = try await first.write(.importAll([Fixtures.todo(1)]))
        let etag = try await first.fetch(Fixtures.id(1)).entityTag
        try await Self.openEveryConnection(first, second)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for attempt in 0..<200 {
                let store = attempt.isMultiple(of: 2) ? first : second
                group.addTask {
                    let patch = TodoPatch(description: "attempt \(attempt)")
                    let change = TodoChange.update(
                        id: Fixtures.id(1), patch, TodoPrecondition(ifMatch: etag, ifNoneMatchAny: false),
                        now: Fixtures.later)
                    do {
                        _ = try await store.write(change)
                        return true
                    } catch {
                        #expect(
                            error is TodosError, "a loser is refused by its precondition, not by the engine: \(error)")
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try await second.fetch(Fixtures.id(1)).description.hasPrefix("attempt "))
    }

    @Test("a write committed through one instance changes the version the other reads")
    func versionsAreShared() async throws {
        let (first, second) = try await Self.twoInstances()
        let before = try await second.version.current()
        _ = try await first.write(.importAll([Fixtures.todo(1)]))
        #expect(try await second.version.current() != before)
        let after = try await second.version.current()
        await #expect(throws: RepositoryError.self) {
            try await first.write(.update(id: Fixtures.id(9), TodoPatch(isComplete: true), .none, now: Fixtures.now))
        }
        #expect(try await second.version.current() == after, "a failed write changes nothing")
    }

    @Test("a store writes only while its sandbox's generation is recorded: a late request writes nothing")
    func writesNeedTheirGeneration() async throws {
        let backend = try await TestPostgres.migratedBackend(TodosMigrations.postgres)
        try await Self.record(sandbox: "a", generation: 1, in: backend)
        let first = TodoRepository.postgres(backend, sandbox: SandboxPartition(key: "a", generation: 1))
        _ = try await first.write(.importAll([Fixtures.todo(1)]))

        try await backend.transaction { connection in
            try await TodoRepository.dropSandbox(connection, "a")
            try await connection.query("DELETE FROM sandboxes WHERE name = 'a'", logger: connection.logger)
        }
        try await Self.record(sandbox: "a", generation: 2, in: backend)
        let second = TodoRepository.postgres(backend, sandbox: SandboxPartition(key: "a", generation: 2))
        await #expect(throws: RepositoryError.self) { try await first.write(.importAll([Fixtures.todo(2)])) }
        _ = try await second.write(.importAll([Fixtures.todo(3)]))
        #expect(try await second.list(.all).map(\.id) == [Fixtures.id(3)])
    }

    /// Has each pool open all its connections, so the writes below really run at once.
    private static func openEveryConnection(_ stores: TodoRepository...) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in stores {
                for _ in 0..<PostgresBackend.Limits.standard.connections {
                    group.addTask { _ = try await store.list(.all) }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Two pools on one fresh database: what two instances of the server hold.
    private static func twoInstances() async throws -> (TodoRepository, TodoRepository) {
        let backend = try await TestPostgres.migratedBackend(TodosMigrations.postgres)
        let other = try await TestPostgres.backend(at: backend.url)
        return (.postgres(backend), .postgres(other))
    }

    private static func record(sandbox: String, generation: Int64, in backend: PostgresBackend) async throws {
        _ = try await backend.withConnection { connection in
            try await connection.query(
                """
                INSERT INTO sandboxes (name, generation, created_at, seed, seeded)
                VALUES (\(sandbox), \(generation), 0, 1, true)
                """, logger: connection.logger)
        }
    }
}
#endif
