#if PostgreSQL
public import AppFeature
import Foundation
import PostgresNIO
public import PostgresStorage

/// `fail=N`'s counts kept in PostgreSQL, so a retry that lands on another instance counts
/// (architecture.md §6): "fail twice, then succeed" holds across the cluster.
///
/// One row per sandbox and scenario, counted by one atomic upsert: the Nth request of a scenario is
/// the Nth to reach the row, whichever instance sent it. A scenario idle for `idleLifetime` starts
/// again, as in memory.
public struct PostgresFailScenarios: SharedFailScenarios {
    let database: PostgresBackend
    /// The sandbox whose scenarios these are.
    let sandbox: String
    let idleLifetime: Duration
    /// Unix milliseconds now (tests move it).
    let now: @Sendable () -> Int64

    /// The scenarios of `sandbox`, forgotten after `idleLifetime` without a request.
    public init(
        _ database: PostgresBackend, sandbox: String, idleLifetime: Duration = .seconds(60),
        now: @escaping @Sendable () -> Int64 = unixMilliseconds
    ) {
        self.database = database
        self.sandbox = sandbox
        self.idleLifetime = idleLifetime
        self.now = now
    }

    /// Counts a request of `scenario` asking for `failures` failures; true when it is one of them.
    /// Every request is counted (in memory only failures are): the first `failures` fail either way.
    public func shouldFail(_ scenario: String, failures: Int) async throws -> Bool {
        let now = now()
        let idleSince = now - idleLifetime.components.seconds * 1000
        return try await database.withConnection { [sandbox] connection in
            let rows = try await connection.query(
                """
                INSERT INTO fail_scenarios AS scenario (sandbox, name, seen, last_use)
                VALUES (\(sandbox), \(scenario), 1, \(now))
                ON CONFLICT (sandbox, name) DO UPDATE SET
                    seen = CASE WHEN scenario.last_use < \(idleSince) THEN 1 ELSE scenario.seen + 1 END,
                    last_use = excluded.last_use
                RETURNING seen
                """, logger: connection.logger)
            for try await seen in rows.decode(Int.self) { return seen <= failures }
            return false
        }
    }

    /// Forgets every scenario of the sandbox (`POST /__admin/reset`).
    public func removeAll() async throws {
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query(
                "DELETE FROM fail_scenarios WHERE sandbox = \(sandbox)", logger: connection.logger)
        }
    }

    /// The counts of sandbox `name`, in the same database.
    public func sandboxed(_ name: String) -> any SharedFailScenarios {
        PostgresFailScenarios(database, sandbox: name)
    }
}
#endif
