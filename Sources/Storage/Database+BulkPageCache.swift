public import GRDB
import GRDBSQLite

extension Database {
    /// The most memory SQLite's page cache may take while a whole dataset is written: 256 MiB,
    /// more than the million-pin file's 190 MB. Pages are allocated only as they are read or
    /// written, so the demo's datasets (~2 MB) never approach it.
    public static let bulkWritePageCacheKiB = 256 * 1024

    /// Runs `body` — a whole dataset written in this transaction — with a page cache of up to
    /// `bulkWritePageCacheKiB`, then gives the connection its own back (SQLite frees the pages
    /// over it), also when `body` throws or the access is cancelled. The pages a transaction wrote
    /// are dirty until it ends, so they are freed then; whoever ran it hands that memory back to the
    /// system afterwards (`FreedMemory`).
    ///
    /// A dataset's rows land at random places in its table, its unique index and its R*Tree. With
    /// SQLite's default 2 MB cache each insert read back pages just evicted, through the kernel,
    /// and spilled dirty ones to the write-ahead log in the middle of the transaction: seeding a
    /// million pins spent 17 s in system calls (BENCHMARKS.md, forty-eighth run).
    public func withBulkPageCache<T>(_ body: () throws -> T) throws -> T {
        let own = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? -2_000
        try execute(sql: "PRAGMA cache_size = -\(Self.bulkWritePageCacheKiB)")
        // Through SQLite itself: once a task cancels the access, GRDB refuses every statement but a
        // rollback (SQLite's rollback after an interrupt happened to reset the size in the tests,
        // which nothing documents). SQLite's interrupt ends with the statement it stopped, so this
        // one runs; it cannot fail on an open handle.
        defer { sqlite3_exec(sqliteConnection, "PRAGMA cache_size = \(own)", nil, nil, nil) }
        return try body()
    }
}
