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
        let path = try temporaryDirectory().appendingPathComponent("bulk.sqlite").path
        let queue = try DatabaseQueue(path: path)
        let blob = Data(repeating: 7, count: 4_000)
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            try db.withBulkPageCache {
                // ~128 MB of pages, all held by the page cache until the transaction ends.
                let insert = try db.makeStatement(sql: "INSERT INTO items (body) VALUES (?)")
                for _ in 0..<32_000 { try insert.execute(arguments: [blob]) }
            }
        }
        // SQLite has freed the pages; the allocator still holds them. The whole process's memory is
        // read just around the call, as other tests allocate too (a reading taken before the commit
        // once saw them add 300 MiB): not half of what this one frees in that instant.
        let kept = Self.residentBytes()
        FreedMemory.returnToSystem()
        let after = Self.residentBytes()
        #expect(
            after < kept - (64 << 20),
            "resident \(kept >> 20) MiB once the pages were freed, \(after >> 20) MiB after: the allocator kept them")
    }

    /// This process's resident memory in bytes, from Linux's `/proc/self/statm` (which counts pages).
    static func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii))?.split(separator: " ") ?? []
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}
