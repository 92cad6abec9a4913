import AppFeature
import CounterpartTestSupport
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
        let writer = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: AppDatabase.migrations())
        let first = try SandboxStorage.sqlite(SQLiteFile(writer))
        let done = SandboxRecord(
            name: try SandboxName("done", source: "test"), generation: 1, createdAt: Timestamp(secondsSince1970: 9),
            seed: 4)
        let cut = SandboxRecord(
            name: try SandboxName("cut", source: "test"), generation: 2, createdAt: Timestamp(secondsSince1970: 9),
            seed: 4)
        for record in [done, cut] {
            #expect(try await first.record(record) == .recorded)
            _ = try await first.values(record).todoRepository.write(.resetTo(TodosSeed.demo))
        }
        try await first.markSeeded(done)

        let reopened = try SandboxStorage.sqlite(SQLiteFile(writer))
        #expect(reopened.restored == [done])
        #expect(try await reopened.values(done).todoRepository.list(.all).count == TodosSeed.demo.count)
        #expect(try await reopened.values(cut).todoRepository.list(.all).isEmpty, "the cut one's rows went with it")
    }

    @Test("a sandbox stored as . or .. before requests could no longer name it still opens (it expires when idle)")
    func dotNamesStoredBefore() async throws {
        let path = try temporaryDirectory().appendingPathComponent("dots.sqlite").path
        let writer = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: AppDatabase.migrations())
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO sandboxes VALUES ('..', 1, 9, 4, 1), ('kept', 2, 9, 4, 1)")
        }
        let reopened = try SandboxStorage.sqlite(SQLiteFile(writer))
        #expect(reopened.restored.map(\.name.rawValue) == ["..", "kept"])
        #expect(throws: RouteError.self, "no request can name it") { try SandboxName("..", source: "path") }
    }

    static func record(_ name: String, generation: Int64, at time: Int64) -> SandboxRecord {
        SandboxRecord(
            name: (try? SandboxName(name, source: "test")) ?? SandboxName.default, generation: generation,
            createdAt: Timestamp(secondsSince1970: time), seed: 4)
    }
}
