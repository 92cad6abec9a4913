public import GRDB

/// Which sandbox's rows a store reads and writes (api.md §6.4), and the generation of that sandbox
/// its writes belong to.
///
/// Every row of per-sandbox data carries its sandbox's name first in its table's key, so one
/// sandbox's rows are one range of the key, read and dropped without touching the others'. A named
/// sandbox can be dropped while requests in it still run: each write checks, inside its own
/// transaction, that the `sandboxes` table still records this generation, so a request that outlives
/// its sandbox writes nothing — neither orphaned rows nor rows in a new sandbox of the same name.
public struct SandboxPartition: Sendable, Equatable {
    /// The `sandbox` column's value: the sandbox's name.
    public let key: String
    /// The generation a write requires in `sandboxes`; `nil` writes unconditionally (the default
    /// sandbox, which is never dropped, and tests of one store).
    public let generation: Int64?

    /// The sandbox of every request that names none, and of every row stored before sandboxes existed.
    public static let `default` = SandboxPartition(key: "default", generation: nil)

    /// A partition of `key`'s rows, whose writes require `generation` when given.
    public init(key: String, generation: Int64? = nil) {
        self.key = key
        self.generation = generation
    }

    /// Throws `RepositoryError.conflict` (409) unless the sandbox is still recorded in this
    /// generation; call it first inside a write's transaction.
    public func checkLive(_ db: Database) throws {
        guard let generation else { return }
        let live = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sandboxes WHERE name = ? AND generation = ?)"),
            arguments: [key, generation])
        guard live == true else {
            throw RepositoryError.conflict(
                "Sandbox \(key) was dropped while this request ran; its next request creates it again, seeded.")
        }
    }

    /// The `sandboxes` table: which sandboxes besides the default one exist, in which generation,
    /// and whether their seeding finished (one that did not is dropped when the file is opened).
    public static let migrations: [Migration] = [
        Migration("sandboxes-1-create") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sandboxes (
                        name TEXT PRIMARY KEY NOT NULL,
                        generation INTEGER NOT NULL,
                        createdAt INTEGER NOT NULL,
                        seed INTEGER NOT NULL,
                        seeded INTEGER NOT NULL CHECK (seeded IN (0, 1))
                    ) STRICT
                    """
            )
        }
    ]
}
