public import GRDB

/// Remembers that a database has been seeded, so `serve` seeds a new file once and never again —
/// not even after a client deletes every row — and `import` can claim a new file for its own data.
public enum SeedMarker {
    /// The schema step that creates the marker table; list it before every domain's migrations.
    public static let migration = Migration("storage-1-seed-marker") { db in
        try db.execute(sql: "CREATE TABLE counterpart_seed (dataset TEXT NOT NULL, seededAt INTEGER NOT NULL) STRICT")
    }

    /// The schema step that remembers the seed the read-only datasets were generated from.
    public static let seedMigration = Migration("storage-2-dataset-seed") { db in
        try db.execute(sql: "CREATE TABLE counterpart_dataset_seed (seed INTEGER NOT NULL) STRICT")
    }

    /// The seed the read-only datasets of `database` were generated from; 1 (the only seed before
    /// `--seed` existed) when none was recorded.
    ///
    /// Asked at start, so it reads on the writer's connection, open by then: a pool's `read` would
    /// open a reader connection for this alone, and setting one up (GRDB's functions and collations,
    /// the pragmas, the schema parsed) costs a tenth of a start (BENCHMARKS.md).
    public static func datasetSeed(_ database: any DatabaseWriter) throws -> UInt64 {
        let stored = try database.writeWithoutTransaction { db in
            try Int64.fetchOne(db, sql: "SELECT seed FROM counterpart_dataset_seed")
        }
        return stored.map { UInt64(bitPattern: $0) } ?? 1
    }

    /// Records `seed` as the read-only datasets' seed, replacing any before, inside the caller's
    /// transaction (the one that writes those datasets).
    public static func recordDatasetSeed(_ db: Database, _ seed: UInt64) throws {
        try db.execute(sql: "DELETE FROM counterpart_dataset_seed")
        try db.execute(
            sql: "INSERT INTO counterpart_dataset_seed (seed) VALUES (?)", arguments: [Int64(bitPattern: seed)])
    }

    /// Whether `database` was seeded (or claimed by an import) before. Asked at start, on the
    /// writer's connection as ``datasetSeed(_:)`` is.
    public static func isSeeded(_ database: any DatabaseWriter) throws -> Bool {
        try database.writeWithoutTransaction { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM counterpart_seed)") ?? false
        }
    }

    /// Records that `dataset` now fills `database`.
    public static func mark(_ database: any DatabaseWriter, dataset: String, at seconds: Int64) throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO counterpart_seed (dataset, seededAt) VALUES (?, ?)",
                arguments: [dataset, seconds]
            )
        }
    }
}
