import ArgumentParser
import Storage

/// How `serve` treats a PostgreSQL database (`--database postgres://…`): its pool and its deadlines.
/// Ignored for SQLite and memory.
struct PostgresOptions: ParsableArguments {
    @Option(help: "Connections this instance's pool opens at start and keeps.")
    var postgresConnections = PostgresLimits.standard.connections

    @Option(help: "Longest a statement may run on the server (its statement_timeout).")
    var postgresStatementTimeout = DurationArgument(PostgresLimits.standard.statementTimeout)

    @Option(help: "Longest one database call may take, waiting for a connection included; then 503.")
    var postgresOperationTimeout = DurationArgument(PostgresLimits.standard.operationTimeout)

    @Option(help: "How long start-up waits for a server that does not accept connections yet.")
    var postgresStartupWait = DurationArgument(PostgresLimits.standard.startupWait)

    func validate() throws {
        guard postgresConnections >= 1 else { throw ValidationError("--postgres-connections must be at least 1.") }
    }

    /// The limits the PostgreSQL backend is opened with: a server's, which keeps its connections.
    var limits: PostgresLimits {
        var limits = PostgresLimits(
            connections: postgresConnections, statementTimeout: postgresStatementTimeout.duration,
            operationTimeout: postgresOperationTimeout.duration, startupWait: postgresStartupWait.duration)
        limits.keepsConnectionsOpen = true
        return limits
    }
}
