import Foundation
import GRDB
import Storage

extension AppDatabase {
    /// Opens (creating when missing) the SQLite file at `path`, takes its lock and migrates it;
    /// fills the datasets' empty tables from `seed` and, on its first start only, the domains'
    /// stores but `emptyDomains`'. Every store on the file — each sandbox's, the default one's, the
    /// datasets' through every reseed — shares the loops' read connections, and their writes share
    /// the grouped commits.
    static func openSQLite(
        _ path: String, readers: Int, locking: SQLiteLocking, seed: UInt64, domains: [Domain],
        emptyDomains: Set<String>, metrics: AppMetrics
    ) async throws -> AppDatabase {
        let lock = try DatabaseLock(databasePath: path)
        let writer = try SQLiteDatabase.open(
            .sqliteFile(path: path), readers: readers, locking: locking, migrations: migrations(of: domains))
        let file = SQLiteFile(writer)
        let counts = try await fillDatasets(writer, seed: seed, domains: domains)
        let datasets = SeededDatasets(
            seed: try SeedMarker.datasetSeed(writer), backends: domains.datasetBackends { $0.sqlite(file) },
            regenerate: { seed in
                // The page cache the datasets were written with (up to 256 MiB) is freed as the
                // transaction ends, committed or not; glibc would keep it (BENCHMARKS.md, fiftieth run).
                defer { FreedMemory.returnToSystem() }
                // One transaction: a crash or a failure leaves the file wholly on the old seed. Each
                // dataset keeps its size (the million pins, if the file holds them).
                try await writer.write { db in
                    for domain in domains {
                        guard let dataset = domain.dataset else { continue }
                        try dataset.writeSQLite(
                            dataset.generate(seed, counts[domain.name] ?? 0), as: domain.name, replacing: true, in: db)
                    }
                    try SeedMarker.recordDatasetSeed(db, seed)
                }
                return domains.datasetBackends { $0.sqlite(file) }
            })
        let database = AppDatabase(
            domains: domains,
            stores: domains.stores { $0.sqlite(file, StorePlace(partition: .default, metrics: metrics)) },
            metrics: metrics, sandboxes: try .sqlite(file, domains: domains), datasets: datasets,
            datasetCounts: domains.summaryCounts(counts), file: file, lock: lock, shared: nil)
        if try !SeedMarker.isSeeded(writer) {
            try await database.fill(except: emptyDomains)
            if emptyDomains.isEmpty {
                try SeedMarker.mark(writer, dataset: "demo", at: Int64(Date().timeIntervalSince1970))
            }
        }
        return database
    }

    /// Fills each dataset's empty tables with `seed`'s items — they are read-only: an empty table
    /// has never been filled — and records the seed of a new file's (a file from before seeds were
    /// recorded holds seed 1's); every dataset's size, by domain name. A start takes the sizes
    /// recorded as the datasets were written (`DatasetSizes`) and counts only a table that has none.
    private static func fillDatasets(
        _ writer: any DatabaseWriter, seed: UInt64, domains: [Domain]
    ) async throws -> [String: Int] {
        let datasets = domains.compactMap { domain in domain.dataset.map { (name: domain.name, dataset: $0) } }
        // On the writer's connection, as `SeedMarker` reads at start. A size counts only while its
        // table holds rows: a table emptied since (by hand, a file shared through `--sqlite-locking
        // shared`) is filled again, as before sizes were recorded.
        let known = try await writer.writeWithoutTransaction { db in
            let recorded = try DatasetSizes.recorded(db)
            var known: [String: Int] = [:]
            for (name, dataset) in datasets {
                if let size = recorded[name], try dataset.holdsItemsSQLite(db) { known[name] = size }
            }
            return known
        }
        if known.count == datasets.count { return known }
        return try await writer.write { db in
            var counts = known
            var filled = 0
            for (name, dataset) in datasets where counts[name] == nil {
                let stored = try dataset.countSQLite(db)
                if stored == 0 {
                    let items = dataset.generate(seed, 0)
                    counts[name] = try dataset.writeSQLite(items, as: name, replacing: false, in: db)
                    filled += 1
                } else {
                    try DatasetSizes.record(db, name, items: stored)
                    counts[name] = stored
                }
            }
            if filled > 0, filled == datasets.count { try SeedMarker.recordDatasetSeed(db, seed) }
            return counts
        }
    }
}
