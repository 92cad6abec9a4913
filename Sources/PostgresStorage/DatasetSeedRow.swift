#if PostgreSQL
public import PostgresNIO

/// The seed the shared database's read-only datasets (repositories, pins) were generated from: one
/// row, written with them, so every instance reports and regenerates alike.
public enum DatasetSeedRow {
    /// Records `seed`, in the transaction that writes its datasets.
    public static func record(_ seed: UInt64, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO dataset_seed (seed) VALUES (\(Int64(bitPattern: seed)))
            ON CONFLICT (only_row) DO UPDATE SET seed = excluded.seed
            """, logger: connection.logger)
    }

    /// The recorded seed; `nil` before the datasets were first written.
    public static func current(_ database: PostgresBackend) async throws -> UInt64? {
        try await database.withConnection { connection in
            let rows = try await connection.query("SELECT seed FROM dataset_seed", logger: connection.logger)
            for try await seed in rows.decode(Int64.self) { return UInt64(bitPattern: seed) }
            return nil
        }
    }
}
#endif
