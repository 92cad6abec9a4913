#if PostgreSQL
public import AppFeature
import PostgresNIO
import PostgresStorage
import Storage

/// The sandboxes several instances share in PostgreSQL, as each instance's registry consults them
/// (architecture.md §6): the record a request checks before it runs in a sandbox, and the last use
/// — by any instance — that idle expiry goes by.
///
/// Exists because each registry knows only its own requests: without it, a sandbox dropped through
/// one instance would live on in another's memory, and an instance that saw no request for an hour
/// would drop a sandbox the others are using.
public struct PostgresSandboxes: SharedSandboxes {
    let database: PostgresBackend
    /// The domains whose rows a drop removes.
    let backends: [PostgresDomain]

    /// The sandboxes recorded in `database`, holding rows of `backends`' domains.
    init(_ database: PostgresBackend, backends: [PostgresDomain]) {
        self.database = database
        self.backends = backends
    }

    /// The generation of `name`'s seeded record and its data versions, or `nil` when there is no
    /// record (dropped, or being made again); records a use at `now` unless one at `since` or later
    /// is recorded already (a sandbox in use costs a write now and then, not one per request). One
    /// statement: a row per domain with a version, or one with none when no domain has been written.
    public func confirm(_ name: SandboxName, usedAt now: Int64, unlessUsedSince since: Int64) async throws
        -> SandboxConfirmation?
    {
        try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                WITH used AS (
                    UPDATE sandboxes SET last_used = \(now)
                    WHERE name = \(name.rawValue) AND seeded AND last_used < \(since)
                    RETURNING generation),
                recorded AS (
                    SELECT generation FROM used
                    UNION ALL SELECT generation FROM sandboxes WHERE name = \(name.rawValue) AND seeded
                    LIMIT 1)
                SELECT recorded.generation, data_versions.domain, data_versions.version
                FROM recorded LEFT JOIN data_versions ON data_versions.sandbox = \(name.rawValue)
                """, logger: connection.logger)
            var generation: Int64?
            var versions: [String: Int] = [:]
            for try await (recorded, domain, version) in rows.decode((Int64, String?, Int?).self) {
                generation = recorded
                if let domain, let version { versions[domain] = version }
            }
            return generation.map {
                SandboxConfirmation(
                    generation: $0, versions: ConfirmedDataVersions(sandbox: name.rawValue, versions: versions))
            }
        }
    }

    /// Drops `record`'s sandbox if no instance has used it since `cutoff` — checked in the deleting
    /// statement, so a use recorded meanwhile keeps it; whether it did.
    public func drop(_ record: SandboxRecord, ifUnusedSince cutoff: Int64) async throws -> Bool {
        try await database.transaction { connection in
            try await SandboxStorage.drop(
                record.name.rawValue, generation: record.generation, unusedSince: cutoff, backends: backends,
                on: connection)
        }
    }

    /// The seeded sandboxes no instance has used since `cutoff`, by name.
    public func idle(before cutoff: Int64) async throws -> [SandboxRecord] {
        try await database.withConnection { try await SandboxPostgresRows.idle($0, before: cutoff) }
    }
}
#endif
