/// What a PostgreSQL pool may use and how long it waits: `serve`'s `--postgres-…` options.
///
/// A plain value in Storage rather than in PostgresStorage, so the options and their defaults are the
/// same in every build: the embedded one (without the PostgreSQL trait) shows them in `--help`, and
/// refuses a `postgres://` database with a message saying how to get a build that serves one.
public struct PostgresLimits: Sendable {
    /// Connections the pool opens at most.
    public var connections: Int
    /// How long one statement may run on the server, but in a bulk transaction (a reseed).
    public var statementTimeout: Duration
    /// How long one repository operation — waiting for a connection included — may take, but a
    /// bulk transaction (a reseed), which only the request's deadline bounds.
    public var operationTimeout: Duration
    /// How long start-up waits for a server that does not accept connections yet (a container
    /// started beside it, a server restarting).
    public var startupWait: Duration
    /// Whether the pool opens its `connections` at start and keeps them — a server's — rather than
    /// opening them on demand and closing those idle for a minute, as a tool or a test that comes
    /// and goes does. Kept open, a connection given back arms no idle timer: PostgresNIO's pool
    /// armed one for each query (a task and a dispatch timer), 13 % of an uncached read's
    /// instructions (BENCHMARKS.md).
    public var keepsConnectionsOpen = false

    /// The defaults `serve --help` shows.
    public static let standard = PostgresLimits(
        connections: 10, statementTimeout: .seconds(5), operationTimeout: .seconds(6), startupWait: .seconds(30))

    /// Limits as given; `standard` holds the defaults.
    public init(connections: Int, statementTimeout: Duration, operationTimeout: Duration, startupWait: Duration) {
        self.connections = connections
        self.statementTimeout = statementTimeout
        self.operationTimeout = operationTimeout
        self.startupWait = startupWait
    }
}
