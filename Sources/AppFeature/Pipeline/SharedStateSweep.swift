import PostgresNIO
public import PostgresStorage

/// Keeps the pipeline's shared tables as small as their in-memory twins (architecture.md §6): in
/// PostgreSQL nothing forgets by itself, so once a minute one instance or another deletes what
/// memory would have dropped — idempotency keys past their day (or beyond a sandbox's newest
/// 10,000 in `default`, 1,000 in a named one, as `IdempotencyStore` caps them), unanswered keys past
/// their lease, and `fail=N` scenarios idle past their minute. Rate windows and the journal trim
/// themselves as they are written.
public struct SharedStateSweep: Sendable {
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

    /// Deletes what expired by `now` (Unix milliseconds).
    public func run(now: Int64) async throws {
        let expired = now - keyLifetime.components.seconds * 1000
        let abandoned = now - keyLease.components.seconds * 1000
        let idle = now - scenarioIdle.components.seconds * 1000
        try await database.transaction { [keysKept] connection in
            try await connection.query(
                """
                DELETE FROM idempotency_keys
                WHERE created_at < \(expired) OR (status IS NULL AND created_at < \(abandoned))
                """, logger: connection.logger)
            try await connection.query(
                """
                DELETE FROM idempotency_keys AS key USING (
                    SELECT sandbox, scope, row_number() OVER (PARTITION BY sandbox ORDER BY created_at DESC) AS age
                    FROM idempotency_keys) AS ranked
                WHERE key.sandbox = ranked.sandbox AND key.scope = ranked.scope
                    AND ranked.age > CASE WHEN key.sandbox = 'default' THEN \(keysKept.default)
                        ELSE \(keysKept.named) END
                """, logger: connection.logger)
            try await connection.query(
                "DELETE FROM fail_scenarios WHERE last_use < \(idle)", logger: connection.logger)
        }
    }
}
