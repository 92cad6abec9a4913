#if PostgreSQL
import PostgresNIO

/// One named, versioned schema step for PostgreSQL; each domain lists its own in order.
///
/// Its statements are constant DDL written in this codebase — the only SQL that is not bound
/// through interpolation — so nothing a request sends can reach them.
public struct PostgresMigration: Sendable {
    /// The unique name recorded once the step has run.
    public let name: String
    /// The statements, run in order inside the migrating transaction.
    public let statements: [String]

    /// A step of constant statements.
    public init(_ name: String, _ statements: [String]) {
        self.name = name
        self.statements = statements
    }

    func apply(on connection: PostgresConnection) async throws {
        for statement in statements {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: connection.logger)
        }
    }
}
#endif
