public import GRDB

/// Remembers that a database has been seeded, so `serve` seeds a new file once and never again —
/// not even after a client deletes every row — and `import` can claim a new file for its own data.
public enum SeedMarker {
    /// The schema step that creates the marker table; list it before every domain's migrations.
    public static let migration = Migration("storage-1-seed-marker") { db in
        try db.execute(sql: "CREATE TABLE counterpart_seed (dataset TEXT NOT NULL, seededAt INTEGER NOT NULL) STRICT")
    }

    /// Whether `database` was seeded (or claimed by an import) before.
    public static func isSeeded(_ database: any DatabaseWriter) throws -> Bool {
        try database.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM counterpart_seed)") ?? false
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
