public import GRDB

/// How many items each read-only dataset (the repositories, the pins) holds, recorded in the
/// transaction that writes it, so a start reads one small table instead of counting each
/// dataset's: `COUNT(*)` over a million pins was two thirds of a 57 ms start (BENCHMARKS.md,
/// fifty-second run).
public enum DatasetSizes {
    /// The schema step that creates the sizes table; list it after `SeedMarker`'s, before every
    /// domain's migrations.
    public static let migration = Migration("storage-3-dataset-sizes") { db in
        try db.execute(
            sql: """
                CREATE TABLE counterpart_dataset_size (dataset TEXT PRIMARY KEY NOT NULL, items INTEGER NOT NULL)
                STRICT
                """)
    }

    /// The recorded sizes, by dataset name; a dataset not written since sizes were recorded is
    /// missing.
    public static func recorded(_ db: Database) throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT dataset, items FROM counterpart_dataset_size")
        while let row = try rows.next() {
            sizes[row[0]] = row[1]
        }
        return sizes
    }

    /// Records that `dataset` holds `items`, replacing any size before, inside the caller's
    /// transaction (the one that writes the dataset).
    public static func record(_ db: Database, _ dataset: String, items: Int) throws {
        try db.execute(
            sql: """
                INSERT INTO counterpart_dataset_size (dataset, items) VALUES (?, ?)
                ON CONFLICT (dataset) DO UPDATE SET items = excluded.items
                """,
            arguments: [dataset, items])
    }
}
