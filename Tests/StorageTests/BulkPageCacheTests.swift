import CounterpartTestSupport
import Foundation
import GRDB
import Storage
import Synchronization
import Testing

@Suite("A dataset's write with a page cache of its own")
struct BulkPageCacheTests {
    @Test("the connection gets its own page cache back after a bulk write")
    func restored() async throws {
        let queue = try DatabaseQueue()
        let own = try await queue.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        let during = try await queue.write { db in
            try db.withBulkPageCache { try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        }
        #expect(during == -Database.bulkWritePageCacheKiB)
        #expect(try await queue.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == own)
    }

    @Test("a bulk write cancelled midway leaves the connection its own page cache too")
    func restoredAfterCancellation() async throws {
        let queue = try DatabaseQueue()
        let own = try await queue.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        let started = Mutex(false)
        let write = Task {
            try await queue.write { db in
                try db.withBulkPageCache {
                    started.withLock { $0 = true }
                    // Counts for minutes unless interrupted.
                    _ = try Int.fetchOne(
                        db,
                        sql: """
                            WITH RECURSIVE c(x) AS (VALUES (1) UNION ALL SELECT x + 1 FROM c WHERE x < 10000000000)
                            SELECT count(*) FROM c
                            """)
                }
            }
        }
        // Polled within a bound that only stops a hang: a loaded machine may start the write late.
        let giveUp = ContinuousClock.now + .seconds(120)
        while !started.withLock({ $0 }), ContinuousClock.now < giveUp { try await Task.sleep(for: .milliseconds(10)) }
        try #require(started.withLock { $0 }, "the write began")
        try await Task.sleep(for: .milliseconds(50))
        write.cancel()
        await #expect(throws: CancellationError.self) { try await write.value }
        #expect(try await queue.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == own)
    }

    @Test(
        "the memory a bulk write's page cache took goes back to the system once its transaction ends",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"), "reads Linux's /proc")
    )
    func memoryReturned() async throws {
        let folder = try temporaryDirectory()
        // Another test's reseed trims the whole process too. One that lands between a round's write
        // and its first reading leaves nothing for this trim to return, so that round proves
        // nothing; a round without it shows the drop. Without the trim, no round does.
        var rounds: [(kept: Int, after: Int)] = []
        for round in 1...3 {
            let (kept, after) = try await Self.writeThenTrim(folder.appendingPathComponent("bulk-\(round).sqlite").path)
            rounds.append((kept, after))
            if after < kept - (64 << 20) { break }
        }
        #expect(
            rounds.contains { $0.after < $0.kept - (64 << 20) },
            """
            no round's trim returned 64 MiB; resident MiB once the pages were freed → after the trim: \
            \(rounds.map { "\($0.kept >> 20) → \($0.after >> 20)" }.joined(separator: ", "))
            """)
    }

    /// Writes ~128 MB of pages into a new file at `path` with the bulk page cache, which holds them
    /// all until the transaction ends, then reads the process's resident memory just around the
    /// trim: other tests allocate too (a reading taken before the commit once saw them add
    /// 300 MiB), not half of what this frees in that instant.
    static func writeThenTrim(_ path: String) async throws -> (kept: Int, after: Int) {
        let queue = try DatabaseQueue(path: path)
        let blob = Data(repeating: 7, count: 4_000)
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            try db.withBulkPageCache {
                let insert = try db.makeStatement(sql: "INSERT INTO items (body) VALUES (?)")
                for _ in 0..<32_000 { try insert.execute(arguments: [blob]) }
            }
        }
        let kept = residentBytes()
        FreedMemory.returnToSystem()
        return (kept, residentBytes())
    }

    /// This process's resident memory in bytes, from Linux's `/proc/self/statm` (which counts pages).
    static func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii))?.split(separator: " ") ?? []
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}
