import HTTPKit
import NewsletterFeature
import PostgresNIO
public import PostgresStorage
import Storage
import TodosFeature

extension SandboxStorage {
    /// Sandboxes as rows of the PostgreSQL database every instance shares: the `sandboxes` table
    /// records which exist, and a name is recorded once — an instance that finds another's record
    /// uses that sandbox as it is (seeded), or answers 503 while the other is still seeding it.
    /// Opening drops the sandboxes whose seeding began over a minute ago and never finished (an
    /// instance that crashed meanwhile), not those another instance is seeding now.
    public static func postgres(_ database: PostgresBackend, now: Int64) async throws -> SandboxStorage {
        try await database.transaction { connection in
            for name in try await SandboxPostgresRows.abandoned(connection, before: now - 60) {
                try await drop(name, on: connection)
            }
        }
        let restored = try await database.withConnection { try await SandboxPostgresRows.seeded($0) }
        return SandboxStorage(
            repositories: { record in
                let partition = SandboxPartition(key: record.name.rawValue, generation: record.generation)
                return SandboxRepositories(
                    todos: .postgres(database, sandbox: partition),
                    newsletter: .postgres(database, sandbox: partition))
            },
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
                    return .existing(existing.record)
                }
            },
            markSeeded: { record in
                try await database.withConnection { try await SandboxPostgresRows.markSeeded($0, record) }
            },
            drop: { name in
                try await database.transaction { try await drop(name.rawValue, on: $0) }
            },
            restored: restored
        )
    }

    /// Removes a sandbox's rows and record in one transaction: wholly there or wholly gone. Its
    /// writes still running hold its record (`FOR SHARE`), so the drop waits for them.
    private static func drop(_ name: String, on connection: PostgresConnection) async throws {
        try await SandboxPostgresRows.delete(connection, name)
        try await TodoRepository.dropSandbox(connection, name)
        try await NewsletterRepository.dropSandbox(connection, name)
    }
}

/// The PostgreSQL `sandboxes` table's SQL, every value bound.
enum SandboxPostgresRows {
    private typealias Columns = (String, Int64, Int64, Int64, Bool)

    /// Records `record` unless a sandbox of its name is recorded; whether it did.
    static func insertIfAbsent(_ connection: PostgresConnection, _ record: SandboxRecord) async throws -> Bool {
        let rows = try await connection.query(
            """
            INSERT INTO sandboxes (name, generation, created_at, seed, seeded)
            VALUES (\(record.name.rawValue), \(record.generation), \(record.createdAt.secondsSince1970),
                \(Int64(bitPattern: record.seed)), false)
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

    static func delete(_ connection: PostgresConnection, _ name: String) async throws {
        try await connection.query("DELETE FROM sandboxes WHERE name = \(name)", logger: connection.logger)
    }

    /// Sandboxes whose seeding began before `time` and never finished.
    static func abandoned(_ connection: PostgresConnection, before time: Int64) async throws -> [String] {
        var names: [String] = []
        let rows = try await connection.query(
            "SELECT name FROM sandboxes WHERE NOT seeded AND created_at < \(time)", logger: connection.logger)
        for try await name in rows.decode(String.self) { names.append(name) }
        return names
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
            name: try SandboxName(row.0, source: "sandboxes table"), generation: row.1,
            createdAt: Timestamp(secondsSince1970: row.2), seed: UInt64(bitPattern: row.3))
    }
}
