import Storage

/// How `serve` treats a PostgreSQL database (`--database postgres://…`): its pool and its deadlines.
/// Ignored for SQLite and memory.
struct PostgresOptions {
    var postgresConnections = PostgresLimits.standard.connections
    var postgresStatementTimeout = DurationArgument(PostgresLimits.standard.statementTimeout)
    var postgresOperationTimeout = DurationArgument(PostgresLimits.standard.operationTimeout)
    var postgresStartupWait = DurationArgument(PostgresLimits.standard.startupWait)

    /// These options, as `serve`'s table lists them (`Serve.sections`).
    static var section: OptionSection {
        OptionSection(
            title: "PostgreSQL (with --database postgres://…)",
            options: [
                .value(
                    "postgres-connections", \.postgres.postgresConnections,
                    help: "Connections this instance's pool opens at start and keeps."),
                .value(
                    "postgres-statement-timeout", \.postgres.postgresStatementTimeout,
                    help: "Longest a statement may run on the server (its statement_timeout); not a reseed's."),
                .value(
                    "postgres-operation-timeout", \.postgres.postgresOperationTimeout,
                    help: "Longest one database call may take, waiting for a connection included; then 503. "
                        + "A reset to another seed has only --request-timeout."),
                .value(
                    "postgres-startup-wait", \.postgres.postgresStartupWait,
                    help: "How long start-up waits for a server that does not accept connections yet."),
            ])
    }

    /// Refuses a value out of range, naming its option.
    func validate() throws(UsageError) {
        guard postgresConnections >= 1 else { throw UsageError("--postgres-connections must be at least 1.") }
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
