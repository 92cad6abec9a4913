import CounterpartTestSupport
import GRDB
import Storage
import Synchronization
import Testing

@Suite("GroupCommit")
struct GroupCommitTests {
    /// A table of numbers, and a count of the transactions that committed.
    static func database() throws -> (any DatabaseWriter, CommitCounter) {
        let database = try SQLiteDatabase.open(
            .memory,
            migrations: [
                Migration("numbers") { db in try db.execute(sql: "CREATE TABLE numbers (n INTEGER PRIMARY KEY)") }
            ]
        )
        let counter = CommitCounter()
        database.add(transactionObserver: counter)
        return (database, counter)
    }

    @Test("a lone write is one transaction and returns its result")
    func lone() async throws {
        let (database, commits) = try Self.database()
        let writes = GroupCommit(database)
        let inserted = try await writes.write { db in
            try db.execute(sql: "INSERT INTO numbers (n) VALUES (1)")
            return db.changesCount
        }
        #expect(inserted == 1)
        #expect(commits.count == 1)
    }

    @Test("concurrent writes all commit, in fewer transactions than writes")
    func grouped() async throws {
        let (database, commits) = try Self.database()
        let writes = GroupCommit(database)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<500 {
                group.addTask {
                    try await writes.write { db in
                        try db.execute(sql: "INSERT INTO numbers (n) VALUES (?)", arguments: [number])
                        return number
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == Array(0..<500), "every write answered with its own result")
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM numbers") } == 500)
        #expect(commits.count < 500, "writes waiting for a transaction shared the next one")
    }

    @Test("a write that throws is rolled back alone; the rest of its batch commits")
    func failureIsolated() async throws {
        let (database, _) = try Self.database()
        let writes = GroupCommit(database)
        struct Refused: Error {}
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for number in 0..<100 {
                group.addTask {
                    do {
                        try await writes.write { db in
                            try db.execute(sql: "INSERT INTO numbers (n) VALUES (?)", arguments: [number])
                            if number % 10 == 0 { throw Refused() }
                        }
                        return (number, true)
                    } catch {
                        return (number, false)
                    }
                }
            }
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.filter { !$0.value }.keys.sorted() == Array(stride(from: 0, to: 100, by: 10)))
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM numbers ORDER BY n") }
        #expect(stored == (0..<100).filter { $0 % 10 != 0 }, "a refused write left nothing behind")
    }

    @Test("a constraint violation fails its own write only")
    func constraint() async throws {
        let (database, _) = try Self.database()
        let writes = GroupCommit(database)
        try await writes.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (7)") }
        await #expect(throws: DatabaseError.self) {
            try await writes.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (7)") }
        }
        try await writes.write { db in try db.execute(sql: "INSERT INTO numbers (n) VALUES (8)") }
        #expect(
            try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM numbers ORDER BY n") } == [7, 8])
    }
}
