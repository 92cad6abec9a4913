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
    /// record (dropped, or being made again), in one plain read: a row per domain with a version,
    /// or one with none when no domain has been written. A use is recorded at `now` only when the
    /// recorded one is older than `since`, by a second statement: a sandbox in use costs a write now
    /// and then, not one per request, and the read every request makes stays a `SELECT` (as one
    /// statement with the `UPDATE` in a CTE it cost PostgreSQL 16 times the CPU of a version read:
    /// measured).
    public func confirm(_ name: SandboxName, usedAt now: Int64, unlessUsedSince since: Int64) async throws
        -> SandboxConfirmation?
    {
        try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT sandboxes.generation, sandboxes.last_used, data_versions.domain, data_versions.version
                FROM sandboxes LEFT JOIN data_versions ON data_versions.sandbox = sandboxes.name
                WHERE sandboxes.name = \(name.rawValue) AND sandboxes.seeded
                """, logger: connection.logger)
            var recorded: (generation: Int64, lastUsed: Int64)?
            var versions: [String: Int] = [:]
            for try await (generation, lastUsed, domain, version) in rows.decode((Int64, Int64, String?, Int?).self) {
                recorded = (generation, lastUsed)
                if let domain, let version { versions[domain] = version }
            }
            guard let recorded else { return nil }
            if recorded.lastUsed < since {
                // A sweep may drop an idle sandbox between the read and this write: recording the use
                // finds it gone then, and the request makes it again instead of running in it.
                let touched = try await connection.query(
                    """
                    UPDATE sandboxes SET last_used = \(now)
                    WHERE name = \(name.rawValue) AND generation = \(recorded.generation) AND seeded
                    RETURNING generation
                    """, logger: connection.logger)
                var stillRecorded = false
                for try await _ in touched.decode(Int64.self) { stillRecorded = true }
                guard stillRecorded else { return nil }
            }
            return SandboxConfirmation(
                generation: recorded.generation,
                versions: ConfirmedDataVersions(sandbox: name.rawValue, versions: versions))
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
