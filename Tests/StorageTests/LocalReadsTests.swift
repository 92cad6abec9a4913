import CounterpartTestSupport
import Foundation
import GRDB
import Storage
import Testing

@Suite("LocalReads")
struct LocalReadsTests {
    static let numbers = Migration("numbers") { db in
        try db.execute(sql: "CREATE TABLE numbers (n INTEGER PRIMARY KEY)")
    }

    static func fileDatabase() throws -> any DatabaseWriter {
        return try SQLiteDatabase.open(
            .sqliteFile(path: try temporaryDirectory().appendingPathComponent("local.sqlite").path),
            migrations: [numbers])
    }

    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM numbers") ?? -1
    }

    @Test("a read on a file sees every write committed before it (read-your-writes)")
    func readYourWrites() async throws {
        let database = try Self.fileDatabase()
        let reads = LocalReads(database)
        #expect(try await reads.read(Self.count) == 0)
        for n in 1...3 {
            try await database.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (?)", arguments: [n]) }
            #expect(try await reads.read(Self.count) == n)
        }
    }

    @Test("the thread's connection is read-only: a write through it fails and changes nothing")
    func readOnly() async throws {
        let database = try Self.fileDatabase()
        let reads = LocalReads(database)
        await #expect(throws: DatabaseError.self) {
            try await reads.read { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (1)") }
        }
        #expect(try await database.read(Self.count) == 0)
    }

    @Test("a read on a file runs in autocommit mode, with no transaction of GRDB's around it")
    func autocommit() async throws {
        let reads = LocalReads(try Self.fileDatabase())
        #expect(try await reads.read { db in db.isInsideTransaction } == false)
        #expect(try await reads.read { db in try Bool.fetchOne(db, sql: "PRAGMA query_only") } == false)
    }

    @Test("a read the thread's connection finds busy moves to GRDB's readers instead of waiting on the loop")
    func busyMovesToReaders() async throws {
        let reads = LocalReads(try Self.fileDatabase())
        let connections = try await reads.read { db in
            // SQLite's busy answer, as the thread's own connection would give it while another
            // connection recovers the log; GRDB's readers answer.
            if db.description == "GRDB.DatabaseQueue" { throw DatabaseError(resultCode: .SQLITE_BUSY) }
            return db.description
        }
        #expect(connections.hasPrefix("GRDB.DatabasePool.reader"))
    }

    @Test("an in-memory database reads through its writer")
    func memory() async throws {
        let database = try SQLiteDatabase.open(.memory, migrations: [Self.numbers])
        try await database.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (7)") }
        #expect(try await LocalReads(database).read(Self.count) == 1)
    }
}
