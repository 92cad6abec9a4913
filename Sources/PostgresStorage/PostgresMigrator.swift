#if PostgreSQL
import Logging
public import PostgresNIO
public import Storage

/// Brings a PostgreSQL database to this build's schema, once, however many instances start at once.
///
/// Everything happens in one transaction that first takes a transaction-scoped advisory lock: the
/// first instance migrates (and seeds a database it found empty) while the others wait at the lock,
/// then find nothing left to do. A database that records a step this build does not know was
/// migrated by a newer Counterpart; it is refused, with what to do, rather than misread.
public enum PostgresMigrator {
    /// What a run did.
    public struct Outcome: Sendable, Equatable {
        /// The steps applied now, in order; empty when the schema was current.
        public var applied: [String]
        /// Whether the database held no Counterpart schema before, and so was seeded.
        public var seeded: Bool
    }

    /// The advisory lock every Counterpart migration takes ("Counterpart" in ASCII, truncated).
    static let lockKey: Int64 = 0x436F_756E_7465_7270

    /// How long an instance waits for another's migration (seeding a large dataset takes a while)
    /// before it gives up.
    static let lockWait = "10min"

    /// Applies the steps of `migrations` the database lacks, in order; when it had none at all, runs
    /// `seed` in the same transaction. Throws `StorageError.migration` for a newer schema or a
    /// failed step (nothing is then changed).
    public static func migrate(
        _ database: PostgresBackend,
        _ migrations: [PostgresMigration],
        seed: @escaping @Sendable (PostgresConnection) async throws -> Void = { _ in }
    ) async throws(StorageError) -> Outcome {
        do {
            // Migrating and seeding may take longer than a request's statement, and so may waiting
            // for another instance that does it: only the wait for the lock is bounded, generously.
            return try await database.bulkTransaction { connection in
                try await migrate(on: connection, migrations, seed: seed, url: database.url)
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .migration(
                "Migrating \(database.url) failed: \(RepositoryError.mappingPostgres(error)). Is the server "
                    + "running, and may user \(database.url.username) create tables in \(database.url.database)?")
        }
    }

    private static func migrate(
        on connection: PostgresConnection, _ migrations: [PostgresMigration],
        seed: @Sendable (PostgresConnection) async throws -> Void, url: PostgresURL
    ) async throws -> Outcome {
        let logger = connection.logger
        try await connection.query("SET LOCAL lock_timeout = '\(unescaped: lockWait)'", logger: logger)
        try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
        try await connection.query("SET LOCAL lock_timeout = 0", logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS counterpart_migrations (
                name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
            """, logger: logger)
        var recorded: Set<String> = []
        for try await name in try await connection.query("SELECT name FROM counterpart_migrations", logger: logger)
            .decode(String.self)
        {
            recorded.insert(name)
        }
        let unknown = recorded.subtracting(migrations.map(\.name)).sorted()
        guard unknown.isEmpty else {
            throw StorageError.migration(
                "\(url) was migrated by a newer Counterpart (steps \(unknown.joined(separator: ", ")) are unknown "
                    + "to this build). Run that version or a later one, or point --database at another database.")
        }
        var applied: [String] = []
        for migration in migrations where !recorded.contains(migration.name) {
            try await migration.apply(on: connection)
            try await connection.query(
                "INSERT INTO counterpart_migrations (name) VALUES (\(migration.name))", logger: logger)
            applied.append(migration.name)
        }
        let seeded = recorded.isEmpty
        if seeded { try await seed(connection) }
        return Outcome(applied: applied, seeded: seeded)
    }
}
#endif
