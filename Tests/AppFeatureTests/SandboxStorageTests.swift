import AppFeature
import CounterpartTestSupport
import PostgresStorage
import Foundation
import GRDB
import HTTPKit
import Storage
import Testing
import TodosFeature

/// Sandboxes in a SQLite file or in PostgreSQL (api.md §6.4): what opening restores, and what
/// instances sharing a database see of each other's.
@Suite("Sandbox storage")
struct SandboxStorageTests {
    @Test("opening restores the seeded sandboxes and drops one whose seeding a crash cut short")
    func opening() async throws {
        let path = try temporaryDirectory().appendingPathComponent("sandboxes.sqlite").path
        let writer = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: AppDatabase.migrations)
        let first = try SandboxStorage.sqlite(writer, reads: LocalReads(writer), commits: GroupCommit(writer))
        let done = SandboxRecord(
            name: try SandboxName("done", source: "test"), generation: 1, createdAt: Timestamp(secondsSince1970: 9),
            seed: 4)
        let cut = SandboxRecord(
            name: try SandboxName("cut", source: "test"), generation: 2, createdAt: Timestamp(secondsSince1970: 9),
            seed: 4)
        for record in [done, cut] {
            #expect(try await first.record(record) == .recorded)
            _ = try await first.repositories(record).todos.write(.resetTo(TodosSeed.demo))
        }
        try await first.markSeeded(done)

        let reopened = try SandboxStorage.sqlite(writer, reads: LocalReads(writer), commits: GroupCommit(writer))
        #expect(reopened.restored == [done])
        #expect(try await reopened.repositories(done).todos.list(.all).count == TodosSeed.demo.count)
        #expect(try await reopened.repositories(cut).todos.list(.all).isEmpty, "the cut one's rows went with it")
    }

    @Test("a sandbox stored as . or .. before requests could no longer name it still opens (it expires when idle)")
    func dotNamesStoredBefore() async throws {
        let path = try temporaryDirectory().appendingPathComponent("dots.sqlite").path
        let writer = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: AppDatabase.migrations)
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO sandboxes VALUES ('..', 1, 9, 4, 1), ('kept', 2, 9, 4, 1)")
        }
        let reopened = try SandboxStorage.sqlite(writer, reads: LocalReads(writer), commits: GroupCommit(writer))
        #expect(reopened.restored.map(\.name.rawValue) == ["..", "kept"])
        #expect(throws: RouteError.self, "no request can name it") { try SandboxName("..", source: "path") }
    }

    @Test("on PostgreSQL a name is recorded once: other instances use it, or wait while it is seeded")
    func sharedByInstances() async throws {
        let backend = try await TestPostgres.backend(at: TestPostgres.freshDatabase())
        _ = try await PostgresMigrator.migrate(backend, AppDatabase.postgresMigrations)
        let now: Int64 = 1_000_000
        let first = try await SandboxStorage.postgres(backend, now: now)
        let other = try await SandboxStorage.postgres(TestPostgres.backend(at: backend.url), now: now)
        let made = Self.record("shared", generation: 1, at: now)
        #expect(try await first.record(made) == .recorded)
        await #expect(throws: RepositoryError.self, "seeding is under way on the first instance") {
            try await other.record(Self.record("shared", generation: 2, at: now))
        }
        _ = try await first.repositories(made).todos.write(.resetTo(TodosSeed.demo))
        try await first.markSeeded(made)
        #expect(try await other.record(Self.record("shared", generation: 3, at: now)) == .existing(made))
        #expect(try await other.repositories(made).todos.list(.all).count == TodosSeed.demo.count)

        // An unseeded record of a minute ago was abandoned by a crash; one of now is being seeded.
        #expect(try await first.record(Self.record("abandoned", generation: 4, at: now - 61)) == .recorded)
        #expect(try await first.record(Self.record("seeding", generation: 5, at: now)) == .recorded)
        let reopened = try await SandboxStorage.postgres(backend, now: now)
        #expect(reopened.restored == [made])
        #expect(try await reopened.record(Self.record("abandoned", generation: 6, at: now)) == .recorded)
        await #expect(throws: RepositoryError.self) {
            try await reopened.record(Self.record("seeding", generation: 7, at: now))
        }

        #expect(try await !other.drop(made.name, made.generation + 1), "another generation's drop leaves it")
        #expect(try await other.repositories(made).todos.list(.all).count == TodosSeed.demo.count)
        #expect(try await other.drop(made.name, made.generation))
        #expect(try await first.repositories(made).todos.list(.all).isEmpty, "dropped through any instance")
    }

    private static func record(_ name: String, generation: Int64, at time: Int64) -> SandboxRecord {
        SandboxRecord(
            name: (try? SandboxName(name, source: "test")) ?? SandboxName.default, generation: generation,
            createdAt: Timestamp(secondsSince1970: time), seed: 4)
    }
}
