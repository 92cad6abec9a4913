#if PostgreSQL
public import AppFeature
import HTTPKit
import PostgresNIO
public import PostgresStorage
import Storage

extension SandboxStorage {
    /// Sandboxes as rows of the PostgreSQL database every instance shares: the `sandboxes` table
    /// records which exist, and a name is recorded once — an instance that finds another's record
    /// uses that sandbox as it is (seeded), or answers 503 while the other is still seeding it. The
    /// record is the truth every instance checks (`shared`): a drop through any instance is seen by
    /// all at their next request, and idle expiry goes by the last use any instance saw.
    /// Opening drops the sandboxes whose seeding began over a minute ago and never finished (an
    /// instance that crashed meanwhile), not those another instance is seeding now. A sandbox's
    /// stores are made by `stores`, the database's own (made from `backends` when not given).
    public static func postgres(
        _ database: PostgresBackend, backends: [PostgresDomain] = PostgresDomain.all(),
        stores: PostgresDomain.PlacedStores? = nil, now: Int64
    ) async throws -> SandboxStorage {
        let placed: PostgresDomain.PlacedStores
        if let stores { placed = stores } else { placed = try await backends.stores(database) }
        try await database.transaction { connection in
            for name in try await SandboxPostgresRows.abandoned(connection, before: now - 60) {
                _ = try await drop(name, generation: nil, backends: backends, on: connection)
            }
        }
        let restored = try await database.withConnection { try await SandboxPostgresRows.seeded($0) }
        return SandboxStorage(
            stores: placed,
            record: { record in
                try await database.transaction { connection in
                    if try await SandboxPostgresRows.insertIfAbsent(connection, record) { return .recorded }
                    guard let existing = try await SandboxPostgresRows.fetchOne(connection, record.name) else {
                        throw RepositoryError.unavailable("Sandbox \(record.name) was dropped while it was created.")
                    }
                    guard existing.seeded else {
                        throw RepositoryError.unavailable(
                            "Another instance is creating sandbox \(record.name) right now; retry in a second.")
                    }
                    // Adopting it is using it.
                    try await SandboxPostgresRows.used(connection, record.name, at: record.createdAt.secondsSince1970)
                    return .existing(existing.record)
                }
            },
            markSeeded: { record in
                try await database.withConnection { try await SandboxPostgresRows.markSeeded($0, record) }
            },
            drop: { name, generation in
                try await database.transaction {
                    try await drop(name.rawValue, generation: generation, backends: backends, on: $0)
                }
            },
            restored: restored,
            shared: PostgresSandboxes(database, backends: backends)
        )
    }

    /// Removes a sandbox's record — of `generation`, when given — and with it every row of the
    /// sandbox: its data and its share of the pipeline's tables (keys, counts, journal, windows,
    /// mails), so a sandbox made again under the name inherits nothing. Its data versions move on
    /// instead of going, so no cached answer of the old sandbox is taken for the new one's. One
    /// transaction: wholly there or wholly gone. Writes still running hold the record (`FOR
    /// SHARE`), so the drop waits for them.
    static func drop(
        _ name: String, generation: Int64?, unusedSince cutoff: Int64? = nil, backends: [PostgresDomain],
        on connection: PostgresConnection
    ) async throws -> Bool {
        guard try await SandboxPostgresRows.delete(connection, name, generation: generation, unusedSince: cutoff)
        else { return false }
        for backend in backends { try await backend.dropSandbox(connection, name) }
        for table in ["idempotency_keys", "fail_scenarios", "journal_entries", "rate_windows", "outbox_mails"] {
            // The table names are this list's, never input; the sandbox is bound.
            try await connection.query(
                PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE sandbox = $1", binds: Self.binds(name)),
                logger: connection.logger)
        }
        try await connection.query(
            "UPDATE data_versions SET version = version + 1 WHERE sandbox = \(name)", logger: connection.logger)
        return true
    }

    private static func binds(_ name: String) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(name)
        return binds
    }
}

/// The PostgreSQL `sandboxes` table's SQL, every value bound.
enum SandboxPostgresRows {
    private typealias Columns = (String, Int64, Int64, Int64, Bool)

    /// Records `record` unless a sandbox of its name is recorded; whether it did.
    static func insertIfAbsent(_ connection: PostgresConnection, _ record: SandboxRecord) async throws -> Bool {
        let rows = try await connection.query(
            """
            INSERT INTO sandboxes (name, generation, created_at, seed, seeded, last_used)
            VALUES (\(record.name.rawValue), \(record.generation), \(record.createdAt.secondsSince1970),
                \(Int64(bitPattern: record.seed)), false, \(record.createdAt.secondsSince1970))
            ON CONFLICT (name) DO NOTHING RETURNING 1
            """, logger: connection.logger)
        for try await _ in rows { return true }
        return false
    }

    static func fetchOne(
        _ connection: PostgresConnection, _ name: SandboxName
    ) async throws -> (record: SandboxRecord, seeded: Bool)? {
        let rows = try await connection.query(
            "SELECT name, generation, created_at, seed, seeded FROM sandboxes WHERE name = \(name.rawValue)",
            logger: connection.logger)
        for try await row in rows.decode(Columns.self) { return (try record(row), row.4) }
        return nil
    }

    static func markSeeded(_ connection: PostgresConnection, _ record: SandboxRecord) async throws {
        try await connection.query(
            """
            UPDATE sandboxes SET seeded = true WHERE name = \(record.name.rawValue)
                AND generation = \(record.generation)
            """, logger: connection.logger)
    }

    /// Records a use of `name` at `time`, unless a later one is recorded.
    static func used(_ connection: PostgresConnection, _ name: SandboxName, at time: Int64) async throws {
        try await connection.query(
            "UPDATE sandboxes SET last_used = \(time) WHERE name = \(name.rawValue) AND last_used < \(time)",
            logger: connection.logger)
    }

    /// Deletes `name`'s record, only while it is of `generation` and unused since `cutoff` when
    /// given; whether it did.
    static func delete(
        _ connection: PostgresConnection, _ name: String, generation: Int64?, unusedSince cutoff: Int64?
    ) async throws -> Bool {
        let rows = try await connection.query(
            """
            DELETE FROM sandboxes WHERE name = \(name) AND (\(generation)::bigint IS NULL OR generation = \(generation))
                AND (\(cutoff)::bigint IS NULL OR last_used < \(cutoff))
            RETURNING 1
            """, logger: connection.logger)
        for try await _ in rows { return true }
        return false
    }

    /// Sandboxes whose seeding began before `time` and never finished.
    static func abandoned(_ connection: PostgresConnection, before time: Int64) async throws -> [String] {
        var names: [String] = []
        let rows = try await connection.query(
            "SELECT name FROM sandboxes WHERE NOT seeded AND created_at < \(time)", logger: connection.logger)
        for try await name in rows.decode(String.self) { names.append(name) }
        return names
    }

    /// Seeded sandboxes last used before `time`.
    static func idle(_ connection: PostgresConnection, before time: Int64) async throws -> [SandboxRecord] {
        var records: [SandboxRecord] = []
        let rows = try await connection.query(
            """
            SELECT name, generation, created_at, seed, seeded FROM sandboxes
            WHERE seeded AND last_used < \(time) ORDER BY name
            """, logger: connection.logger)
        for try await row in rows.decode(Columns.self) { records.append(try record(row)) }
        return records
    }

    static func seeded(_ connection: PostgresConnection) async throws -> [SandboxRecord] {
        var records: [SandboxRecord] = []
        let rows = try await connection.query(
            "SELECT name, generation, created_at, seed, seeded FROM sandboxes WHERE seeded ORDER BY name",
            logger: connection.logger)
        for try await row in rows.decode(Columns.self) { records.append(try record(row)) }
        return records
    }

    private static func record(_ row: Columns) throws -> SandboxRecord {
        SandboxRecord(
            name: try SandboxName(stored: row.0, source: "sandboxes table"), generation: row.1,
            createdAt: Timestamp(secondsSince1970: row.2), seed: UInt64(bitPattern: row.3))
    }
}
#endif
