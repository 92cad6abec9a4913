#if PostgreSQL
import CounterpartTestSupport
import Logging
import PostgresNIO
@testable import PostgresStorage
import Storage
import Testing

/// Migrating a shared database: once however many instances start together, and never a schema
/// this build does not know.
@Suite("PostgreSQL migrations")
struct PostgresMigratorTests {
    static let steps = [
        PostgresMigration("test-1-create", ["CREATE TABLE things (id bigint PRIMARY KEY)"]),
        PostgresMigration("test-2-column", ["ALTER TABLE things ADD COLUMN name text"]),
    ]

    @Test("three instances migrating at once: one applies and seeds, the others find it done")
    func concurrentStarts() async throws {
        let first = try await TestPostgres.backend(at: TestPostgres.freshDatabase())
        let instances = [
            first, try await TestPostgres.backend(at: first.url), try await TestPostgres.backend(at: first.url),
        ]
        let outcomes = try await withThrowingTaskGroup(of: PostgresMigrator.Outcome.self) { group in
            for instance in instances {
                group.addTask {
                    try await PostgresMigrator.migrate(instance, Self.steps) { connection in
                        try await connection.query("INSERT INTO things (id) VALUES (1)", logger: connection.logger)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter(\.seeded).count == 1)
        #expect(outcomes.map(\.applied.count).sorted() == [0, 0, 2])
        let count = try await first.withConnection { connection in
            for try await count in try await connection.query("SELECT count(*) FROM things", logger: connection.logger)
                .decode(Int.self)
            {
                return count
            }
            return -1
        }
        #expect(count == 1, "seeded once")
    }

    /// How many sessions wait for an advisory lock in `connection`'s database (other tests migrate
    /// databases of their own on the same server).
    private static func lockWaiters(_ connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(
            """
            SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """, logger: connection.logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }

    @Test("an instance waits out another's long migration, past its own statement timeout")
    func waitsPastTheStatementTimeout() async throws {
        let url = try await TestPostgres.freshDatabase()
        let migrating = try await TestPostgres.backend(at: url)
        let waiting = PostgresBackend(
            url: url,
            limits: PostgresBackend.Limits(
                connections: 2, statementTimeout: .seconds(1), operationTimeout: .seconds(1), startupWait: .zero),
            logger: Logger(label: "test"))
        waiting.start()
        let (locked, lockTaken) = AsyncStream.makeStream(of: Void.self)
        // Another instance's migration: holds the migration lock until the waiting instance queues
        // for it, then 2.5 s more. Timed by PostgreSQL, not by this task: a loaded machine may
        // resume a test seconds late, and the waiter must still have waited.
        let other = Task {
            try await migrating.transaction { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(PostgresMigrator.lockKey))", logger: connection.logger)
                lockTaken.yield()
                while try await Self.lockWaiters(connection) == 0 { try await Task.sleep(for: .milliseconds(10)) }
                try await connection.query("SELECT pg_sleep(2.5)", logger: connection.logger)
            }
        }
        for await _ in locked { break }
        let started = ContinuousClock.now
        let outcome = try await PostgresMigrator.migrate(waiting, Self.steps)
        #expect(ContinuousClock.now - started > .seconds(2), "it waited for the lock")
        #expect(outcome.applied == Self.steps.map(\.name) && outcome.seeded)
        try await other.value
        await waiting.stop()
    }

    @Test("an older schema is brought up to date; a newer one is refused with what to do")
    func olderAndNewer() async throws {
        let backend = try await TestPostgres.backend(at: TestPostgres.freshDatabase())
        _ = try await PostgresMigrator.migrate(backend, Array(Self.steps.prefix(1)))
        let upgrade = try await PostgresMigrator.migrate(backend, Self.steps)
        #expect(upgrade.applied == ["test-2-column"] && !upgrade.seeded)

        do {
            _ = try await PostgresMigrator.migrate(backend, Array(Self.steps.prefix(1)))
            Issue.record("an older build must refuse a newer schema")
        } catch {
            #expect(error.description.contains("was migrated by a newer Counterpart"))
            #expect(error.description.contains("test-2-column"))
        }
    }

    @Test("the URL's password is parsed but never printed")
    func maskedPassword() throws {
        let url = try PostgresURL("postgres://app:s3cr%40t@db.internal:6543/demo?sslmode=disable")
        #expect(url.password == "s3cr@t")
        #expect(url.port == 6543 && url.database == "demo" && url.tls == .disable)
        #expect(url.description == "postgres://app:***@db.internal:6543/demo")
        #expect(throws: StorageError.self) { try PostgresURL("postgres://db.internal/demo") }
        #expect(throws: StorageError.self) { try PostgresURL("postgres://app@db/demo?sslmode=allow") }
    }
}
#endif
