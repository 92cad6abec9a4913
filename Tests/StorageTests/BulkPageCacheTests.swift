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
}
