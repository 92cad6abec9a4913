public import GRDB

extension Database {
    /// The most memory SQLite's page cache may take while a whole dataset is written: 256 MiB,
    /// more than the million-pin file's 190 MB. Pages are allocated only as they are read or
    /// written, so the demo's datasets (~2 MB) never approach it.
    public static let bulkWritePageCacheKiB = 256 * 1024

    /// Runs `body` — a whole dataset written in this transaction — with a page cache of up to
    /// `bulkWritePageCacheKiB`, then gives the connection its own back (SQLite frees the pages
    /// over it).
    ///
    /// A dataset's rows land at random places in its table, its unique index and its R*Tree. With
    /// SQLite's default 2 MB cache each insert read back pages just evicted, through the kernel,
    /// and spilled dirty ones to the write-ahead log in the middle of the transaction: seeding a
    /// million pins spent 16 s in system calls (BENCHMARKS.md, "Seeding the million").
    public func withBulkPageCache<T>(_ body: () throws -> T) throws -> T {
        let own = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? -2_000
        try execute(sql: "PRAGMA cache_size = -\(Self.bulkWritePageCacheKiB)")
        defer { try? execute(sql: "PRAGMA cache_size = \(own)") }
        return try body()
    }
}
