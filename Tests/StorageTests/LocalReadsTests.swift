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

    static let countQuery = ReadQuery("SELECT COUNT(*) FROM numbers")
    static let insertQuery = ReadQuery("INSERT INTO numbers (n) VALUES (1)")
    static let missingTable = ReadQuery("SELECT n FROM nowhere")

    static func count(_ reader: RowReader) throws -> Int64 {
        try reader.first(countQuery) { $0.integer(0) } ?? -1
    }

    @Test("a read on a file sees every write committed before it (read-your-writes)")
    func readYourWrites() async throws {
        let database = try Self.fileDatabase()
        let reads = LocalReads(database)
        #expect(try await reads.read(Self.count) == 0)
        for n in 1...3 {
            try await database.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (?)", arguments: [n]) }
            #expect(try await reads.read(Self.count) == Int64(n))
        }
    }

    @Test("a read on a file runs on the thread's own connection")
    func threadConnection() async throws {
        let reads = LocalReads(try Self.fileDatabase())
        #expect(try await reads.read { reader in reader.description } == "the thread's own read connection")
    }

    @Test("the thread's connection is read-only: a write through it fails and changes nothing")
    func readOnly() async throws {
        let database = try Self.fileDatabase()
        let reads = LocalReads(database)
        let error = await #expect(throws: RepositoryError.self) {
            try await reads.read { reader in try reader.first(Self.insertQuery) { $0.integer(0) } }
        }
        #expect(error?.detail.contains("attempt to write a readonly database") == true)
        #expect(try await database.read { db in try Self.count(RowReader(db)) } == 0)
    }

    @Test("SQLite's error reaches the caller as a repository error with its message and the query's SQL")
    func errors() async throws {
        let reads = LocalReads(try Self.fileDatabase())
        let error = await #expect(throws: RepositoryError.self) {
            try await reads.read { reader in try reader.all(Self.missingTable) { $0.integer(0) } }
        }
        guard case .unknown(let detail) = error else {
            Issue.record("A missing table is an engine error, so unknown (500), not \(String(describing: error)).")
            return
        }
        #expect(detail.contains("no such table: nowhere"))
        #expect(detail.contains("SELECT n FROM nowhere"))
    }

    @Test("a read still busy on GRDB's readers is unavailable, the one error a retry repeats")
    func busyEverywhere() async throws {
        let reads = LocalReads(try Self.fileDatabase())
        let error = await #expect(throws: RepositoryError.self) {
            try await reads.read { _ -> Int in throw DatabaseError(resultCode: .SQLITE_BUSY) }
        }
        #expect(error?.isTransient == true)
    }

    @Test("a read through the writer maps SQLite's errors too")
    func writerErrors() async throws {
        let database = try SQLiteDatabase.open(.memory, migrations: [Self.numbers])
        let error = await #expect(throws: RepositoryError.self) {
            try await LocalReads(database).read { reader in try reader.all(Self.missingTable) { $0.integer(0) } }
        }
        #expect(error?.detail.contains("no such table: nowhere") == true)
    }

    @Test("an error the read's body throws that is not SQLite's passes through unchanged")
    func domainErrors() async throws {
        let reads = LocalReads(try Self.fileDatabase())
        let error = await #expect(throws: RepositoryError.self) {
            try await reads.read { _ -> Int in throw RepositoryError.notFound("todo 7") }
        }
        #expect(error == .notFound("todo 7"))
    }

    @Test("a read the thread's connection finds busy moves to GRDB's readers instead of waiting on the loop")
    func busyMovesToReaders() async throws {
        let reads = LocalReads(try Self.fileDatabase())
        let connections = try await reads.read { reader in
            // SQLite's busy answer, as the thread's own connection would give it while another
            // connection recovers the log; GRDB's readers answer.
            if reader.description == "the thread's own read connection" {
                throw DatabaseError(resultCode: .SQLITE_BUSY)
            }
            return reader.description
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

extension RepositoryError {
    /// The text the case carries, whichever case it is.
    fileprivate var detail: String {
        switch self {
        case .notFound(let text), .conflict(let text), .unavailable(let text), .unknown(let text): text
        }
    }
}
