#if PostgreSQL
public import PostgresNIO
import Storage

/// The data version of one domain in one sandbox, kept in PostgreSQL so that every instance sees
/// every instance's writes (architecture.md §5, read-your-writes across instances).
///
/// A write locks the row first — which also serialises the domain's writers in that sandbox across
/// instances — and bumps it in the same transaction (the todos number their change feed by it), so a
/// version read after the write's response was sent is never older than the write. Rows are never deleted: a sandbox dropped and created
/// again counts on, and a cached answer of the old one cannot match.
public struct SharedDataVersion: Sendable {
    /// The domain, as named in the `data_versions` table.
    public let domain: String
    /// The sandbox whose data this counts.
    public let sandbox: String

    public init(domain: String, sandbox: String) {
        self.domain = domain
        self.sandbox = sandbox
    }

    /// The version now; 0 before the first write. Taken from the running request's sandbox
    /// confirmation when it read it (`ConfirmedDataVersions`), from the database otherwise.
    public func current(_ database: PostgresBackend) async throws -> Int {
        if let confirmed = ConfirmedDataVersions.version(of: domain, in: sandbox) { return confirmed }
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT version FROM data_versions WHERE sandbox = \(sandbox) AND domain = \(domain)",
                logger: connection.logger)
            for try await version in rows.decode(Int.self) { return version }
            return 0
        }
    }

    /// Whether any domain of any sandbox was ever written: what an instance starting asks to learn
    /// whether the default sandbox's stores were ever filled. `EXISTS` stops at the first row, where
    /// a count would read one per sandbox and domain.
    public static func anyRecorded(on connection: PostgresConnection) async throws -> Bool {
        let rows = try await connection.query(
            "SELECT EXISTS (SELECT 1 FROM data_versions)", logger: connection.logger)
        for try await exists in rows.decode(Bool.self) { return exists }
        return false
    }

    /// Locks the row until the transaction ends (creating it at 0 if missing); call it first in a
    /// write, so writers of this domain and sandbox take turns.
    public func lock(_ connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO data_versions (sandbox, domain, version) VALUES (\(sandbox), \(domain), 0)
            ON CONFLICT (sandbox, domain) DO UPDATE SET version = data_versions.version
            """, logger: connection.logger)
    }
}
#endif
