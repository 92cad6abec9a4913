import CounterpartTestSupport
import Foundation
import GRDB
import Storage
import Testing

@Suite("SQLiteLocking")
struct SQLiteLockingTests {
    static let numbers = Migration("numbers") { db in
        try db.execute(sql: "CREATE TABLE numbers (n INTEGER PRIMARY KEY)")
    }

    @Test("shared opens the path as given; exclusive names unix-excl in a file: URI, its delimiters escaped")
    func filenames() {
        #expect(SQLiteLocking.shared.filename(for: "/data/a?b.sqlite") == "/data/a?b.sqlite")
        #expect(
            SQLiteLocking.exclusive.filename(for: "/data/counterpart.sqlite")
                == "file:///data/counterpart.sqlite?vfs=unix-excl")
        #expect(
            SQLiteLocking.exclusive.filename(for: "runs/a b?#%.sqlite")
                == "file:runs/a b%3F%23%25.sqlite?vfs=unix-excl")
        #expect(SQLiteLocking.exclusive.filename(for: "//x.sqlite") == "file:////x.sqlite?vfs=unix-excl")
    }

    @Test(
        "exclusive keeps the WAL index in memory (no -shm file) and opens the path it was given, however spelled",
        arguments: ["plain.sqlite", "a b?c#d%20e.sqlite"])
    func exclusiveOpensTheLiteralPath(name: String) async throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent(name).path
        let database = try SQLiteDatabase.open(.sqliteFile(path: path), locking: .exclusive, migrations: [Self.numbers])
        let reads = LocalReads(database)
        try await database.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (7)") }
        #expect(try await reads.read { db in try Int.fetchOne(db, sql: "SELECT n FROM numbers") } == 7)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == [name, name + "-wal"])
    }

    @Test("shared uses SQLite's shared-memory file, which other processes lock alongside")
    func sharedUsesTheShmFile() async throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent("shared.sqlite").path
        let database = try SQLiteDatabase.open(.sqliteFile(path: path), locking: .shared, migrations: [Self.numbers])
        try await database.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (7)") }
        #expect(try await LocalReads(database).read { db in try Int.fetchOne(db, sql: "SELECT n FROM numbers") } == 7)
        #expect(FileManager.default.fileExists(atPath: path + "-shm"))
    }
}
