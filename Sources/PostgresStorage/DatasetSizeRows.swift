#if PostgreSQL
public import PostgresNIO

/// How many items each read-only dataset holds in the shared database, a row per dataset written
/// with it, so an instance starting reads one small table instead of counting each dataset's
/// (`COUNT(*)` over a million pins).
public enum DatasetSizeRows {
    /// Records that `dataset` holds `items`, in the transaction that writes it.
    public static func record(_ dataset: String, items: Int, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO dataset_sizes (dataset, items) VALUES (\(dataset), \(items))
            ON CONFLICT (dataset) DO UPDATE SET items = excluded.items
            """, logger: connection.logger)
    }

    /// The recorded sizes, by dataset name; a dataset not written since sizes were recorded is
    /// missing.
    public static func all(on connection: PostgresConnection) async throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        let rows = try await connection.query("SELECT dataset, items FROM dataset_sizes", logger: connection.logger)
        for try await (dataset, items) in rows.decode((String, Int).self) { sizes[dataset] = items }
        return sizes
    }
}
#endif
