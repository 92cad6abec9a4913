#if PostgreSQL
public import HTTPKit
import PostgresNIO
public import PostgresStorage

/// Rate-limit windows kept in PostgreSQL, so a client's allowance is one allowance however many
/// instances its requests land on (api.md §1.2 across a cluster, architecture.md §6).
///
/// One row per sandbox, resource and client. Counting is one statement: it starts a new window or
/// adds to the current one unless an enforced window is spent — the row lock orders instances
/// counting the same client, so exactly `requests` requests of a window get through. Expired rows
/// go with `PostgresStateSweep`, off the requests' path.
public struct PostgresRateWindows: RateWindowStore {
    let database: PostgresBackend
    /// The sandbox whose windows these are.
    let sandbox: String

    /// The windows of `sandbox`.
    public init(_ database: PostgresBackend, sandbox: String) {
        self.database = database
        self.sandbox = sandbox
    }

    /// Counts one request of `client` on `resource` in the shared table, unless `limit` is enforced and
    /// the window is spent (refused, not counted).
    public func count(_ resource: String, client: String, limit: RateLimiter.Limit, now: Int64) async throws
        -> RateLimiter.Tally
    {
        // An allowance of none refuses every request, as in memory (the upsert would count one).
        if limit.enforced, limit.requests <= 0 {
            return RateLimiter.Tally(
                window: RateLimiter.Window(limit: 0, used: 0, reset: now + limit.windowSeconds), refused: true)
        }
        return try await database.withConnection { [sandbox] connection in
            let counted = try await connection.query(
                """
                INSERT INTO rate_windows AS existing (sandbox, resource, client, used, reset)
                VALUES (\(sandbox), \(resource), \(client), 1, \(now + limit.windowSeconds))
                ON CONFLICT (sandbox, resource, client) DO UPDATE SET
                    used = CASE WHEN existing.reset <= \(now) THEN 1 ELSE existing.used + 1 END,
                    reset = CASE WHEN existing.reset <= \(now) THEN excluded.reset ELSE existing.reset END
                WHERE NOT (\(limit.enforced) AND existing.reset > \(now) AND existing.used >= \(limit.requests))
                RETURNING used, reset
                """, logger: connection.logger)
            for try await (used, reset) in counted.decode((Int, Int64).self) {
                return RateLimiter.Tally(
                    window: RateLimiter.Window(limit: limit.requests, used: used, reset: reset), refused: false)
            }
            // Nothing counted: the window is spent. Read it for the 429's headers.
            let spent = try await connection.query(
                """
                SELECT used, reset FROM rate_windows
                WHERE sandbox = \(sandbox) AND resource = \(resource) AND client = \(client)
                """, logger: connection.logger)
            for try await (used, reset) in spent.decode((Int, Int64).self) {
                return RateLimiter.Tally(
                    window: RateLimiter.Window(limit: limit.requests, used: used, reset: reset), refused: true)
            }
            // Swept or reset between the two statements: still a refusal, of a window now over.
            return RateLimiter.Tally(
                window: RateLimiter.Window(limit: limit.requests, used: limit.requests, reset: now + 1), refused: true)
        }
    }

    /// Takes one counted request back (a 304 is not counted), if the window is still `window`.
    public func uncount(_ resource: String, client: String, window: RateLimiter.Window) async throws {
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query(
                """
                UPDATE rate_windows SET used = used - 1
                WHERE sandbox = \(sandbox) AND resource = \(resource) AND client = \(client)
                    AND reset = \(window.reset) AND used > 0
                """, logger: connection.logger)
        }
    }

    /// The windows of sandbox `name`, in the same database.
    public func sandboxed(_ name: String) -> any RateWindowStore {
        PostgresRateWindows(database, sandbox: name)
    }

    /// Forgets every window of the sandbox.
    public func removeAll() async throws {
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query("DELETE FROM rate_windows WHERE sandbox = \(sandbox)", logger: connection.logger)
        }
    }
}
#endif
