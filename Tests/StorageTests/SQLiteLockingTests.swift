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

    @Test("both name the file in a file: URI, its delimiters escaped; exclusive adds unix-excl")
    func filenames() {
        #expect(SQLiteLocking.shared.filename(for: "/data/a?b.sqlite") == "file:///data/a%3Fb.sqlite")
        #expect(SQLiteLocking.shared.filename(for: "file:x.sqlite") == "file:file:x.sqlite")
        #expect(
            SQLiteLocking.exclusive.filename(for: "/data/counterpart.sqlite")
                == "file:///data/counterpart.sqlite?vfs=unix-excl")
        #expect(
            SQLiteLocking.exclusive.filename(for: "runs/a b?#%.sqlite")
                == "file:runs/a b%3F%23%25.sqlite?vfs=unix-excl")
        #expect(SQLiteLocking.exclusive.filename(for: "//x.sqlite") == "file:////x.sqlite?vfs=unix-excl")
    }

    static let number = ReadQuery("SELECT n FROM numbers")

    @Test(
        "both open the path they were given, however spelled; exclusive keeps the WAL index in memory (no -shm)",
        arguments: [SQLiteLocking.exclusive, .shared], ["plain.sqlite", "a b?c#d%20e.sqlite", "file:x.sqlite"])
    func opensTheLiteralPath(locking: SQLiteLocking, name: String) async throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent(name).path
        let database = try SQLiteDatabase.open(.sqliteFile(path: path), locking: locking, migrations: [Self.numbers])
        let reads = LocalReads(database)
        try await database.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (7)") }
        #expect(try await reads.read { reader in try reader.first(Self.number) { $0.integer(0) } } == 7)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == (locking == .exclusive ? [name, name + "-wal"] : [name, name + "-shm", name + "-wal"]))
    }
}
