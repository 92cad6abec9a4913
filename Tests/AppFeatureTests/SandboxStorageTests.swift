import AppFeature
import Foundation
import GRDB
import HTTPKit
import Storage
import Testing
import TodosFeature

/// Sandboxes in a SQLite file (api.md §6.4): what opening the file restores.
@Suite("Sandbox storage on SQLite")
struct SandboxStorageTests {
    @Test("opening restores the seeded sandboxes and drops one whose seeding a crash cut short")
    func opening() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("counterpart-\(UUID()).sqlite").path
        let writer = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: AppDatabase.migrations)
        let first = try SandboxStorage.sqlite(writer, reads: LocalReads(writer), commits: GroupCommit(writer))
        let done = SandboxRecord(
            name: try SandboxName("done", source: "test"), generation: 1, createdAt: Timestamp(secondsSince1970: 9),
            seed: 4)
        let cut = SandboxRecord(
            name: try SandboxName("cut", source: "test"), generation: 2, createdAt: Timestamp(secondsSince1970: 9),
            seed: 4)
        for record in [done, cut] {
            try await first.record(record)
            _ = try await first.repositories(record).todos.write(.resetTo(TodosSeed.demo))
        }
        try await first.markSeeded(done)

        let reopened = try SandboxStorage.sqlite(writer, reads: LocalReads(writer), commits: GroupCommit(writer))
        #expect(reopened.restored == [done])
        #expect(try await reopened.repositories(done).todos.list(.all).count == TodosSeed.demo.count)
        #expect(try await reopened.repositories(cut).todos.list(.all).isEmpty, "the cut one's rows went with it")
    }
}
