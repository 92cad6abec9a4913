#if PostgreSQL
import PostgresNIO
public import PostgresStorage

/// Keeps the pipeline's shared tables as small as their in-memory twins (architecture.md §6): in
/// PostgreSQL nothing forgets by itself, so once a minute one instance or another deletes what
/// memory would have dropped — idempotency keys past their day (or beyond a sandbox's newest
/// 10,000 in `default`, 1,000 in a named one, as `IdempotencyStore` caps them), unanswered keys past
/// their lease, `fail=N` scenarios idle past their minute, and rate windows that have reset. The
/// journal and the outbox trim themselves as they are written.
public struct PostgresStateSweep: Sendable {
    let database: PostgresBackend
    let keyLifetime: Duration
    let keyLease: Duration
    let scenarioIdle: Duration
    /// Keys kept per sandbox: `default` and any other.
    let keysKept: (default: Int, named: Int)

    /// A sweep of `database` with the stores' own lifetimes and caps.
    public init(
        _ database: PostgresBackend, keyLifetime: Duration = .seconds(24 * 3600), keyLease: Duration = .seconds(60),
        scenarioIdle: Duration = .seconds(60), keysKept: (default: Int, named: Int) = (10_000, 1_000)
    ) {
        self.database = database
        self.keyLifetime = keyLifetime
        self.keyLease = keyLease
        self.scenarioIdle = scenarioIdle
        self.keysKept = keysKept
    }

    /// Deletes what expired by `now` (Unix milliseconds) — unless another instance is sweeping:
    /// one at a time is enough. Each delete is its own statement, so one that times out on a large
    /// table leaves the others' work done.
    public func run(now: Int64) async throws {
        try await database.withConnection { connection in
            guard try await Self.lock(connection, "pg_try_advisory_lock") else { return }
            do {
                try await delete(expiredBy: now, on: connection)
            } catch {
                _ = try? await Self.lock(connection, "pg_advisory_unlock")
                throw error
            }
            _ = try await Self.lock(connection, "pg_advisory_unlock")
        }
    }

    private func delete(expiredBy now: Int64, on connection: PostgresConnection) async throws {
        let expired = now - keyLifetime.components.seconds * 1000
        let abandoned = now - keyLease.components.seconds * 1000
        let idle = now - scenarioIdle.components.seconds * 1000
        let logger = connection.logger
        try await connection.query(
            """
            DELETE FROM idempotency_keys
            WHERE created_at < \(expired) OR (status IS NULL AND created_at < \(abandoned))
            """, logger: logger)
        // Answered keys beyond a sandbox's newest; one in flight stays until it is answered.
        try await connection.query(
            """
            DELETE FROM idempotency_keys AS key USING (
                SELECT sandbox, scope, row_number() OVER (PARTITION BY sandbox ORDER BY created_at DESC) AS age
                FROM idempotency_keys WHERE status IS NOT NULL) AS ranked
            WHERE key.sandbox = ranked.sandbox AND key.scope = ranked.scope
                AND ranked.age > CASE WHEN key.sandbox = 'default' THEN \(keysKept.default) ELSE \(keysKept.named) END
            """, logger: logger)
        try await connection.query("DELETE FROM fail_scenarios WHERE last_use < \(idle)", logger: logger)
        try await connection.query("DELETE FROM rate_windows WHERE reset <= \(now / 1000)", logger: logger)
    }

    /// The sweep's advisory lock ("Sweep" in ASCII), taken or released by `function`.
    private static func lock(_ connection: PostgresConnection, _ function: String) async throws -> Bool {
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT \(function)(\(lockKey))"), logger: connection.logger)
        for try await held in rows.decode(Bool.self) { return held }
        return false
    }

    private static let lockKey: Int64 = 0x5377_6565_70
}
#endif
