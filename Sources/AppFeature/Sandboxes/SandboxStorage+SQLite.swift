public import GRDB
import HTTPKit
import NewsletterFeature
public import Storage
import TodosFeature

extension SandboxStorage {
    /// Sandboxes as rows of one SQLite file: their todos and subscribers carry the sandbox's name
    /// first in each table's key, and the `sandboxes` table records which exist. Every sandbox's
    /// stores share the file's per-thread read connections and its grouped commits.
    public static func sqlite(_ writer: any DatabaseWriter) throws -> SandboxStorage {
        let reads = LocalReads(writer)
        let commits = GroupCommit(writer)
        return SandboxStorage(
            repositories: { name in
                SandboxRepositories(
                    todos: .sqlite(writer, sandbox: name.rawValue, reads: reads),
                    newsletter: .sqlite(writer, sandbox: name.rawValue, writes: commits))
            },
            record: { record in
                try await RepositoryError.mappingSQLite {
                    try await writer.write { db in try SandboxRows.insert(db, record) }
                }
            },
            drop: { name in
                try await RepositoryError.mappingSQLite {
                    // One transaction: a sandbox is wholly there or wholly gone.
                    try await writer.write { db in
                        try TodoRepository.dropSandbox(db, name.rawValue)
                        try NewsletterRepository.dropSandbox(db, name.rawValue)
                        try SandboxRows.delete(db, name)
                    }
                }
            },
            restored: try writer.read { db in try SandboxRows.fetchAll(db) }
        )
    }
}

/// The `sandboxes` table's SQL, all with bound arguments.
enum SandboxRows {
    static func insert(_ db: Database, _ record: SandboxRecord) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO sandboxes (name, createdAt, seed) VALUES (?, ?, ?)",
            arguments: [record.name.rawValue, record.createdAt.secondsSince1970, Int64(bitPattern: record.seed)])
    }

    static func delete(_ db: Database, _ name: SandboxName) throws {
        try db.execute(sql: "DELETE FROM sandboxes WHERE name = ?", arguments: [name.rawValue])
    }

    static func fetchAll(_ db: Database) throws -> [SandboxRecord] {
        try Row.fetchAll(db, sql: "SELECT name, createdAt, seed FROM sandboxes ORDER BY name").map { row in
            let text: String = row[0]
            let seed: Int64 = row[2]
            return SandboxRecord(
                name: try SandboxName(text, source: "sandboxes table"),
                createdAt: Timestamp(secondsSince1970: row[1]), seed: UInt64(bitPattern: seed))
        }
    }
}

/// The `sandboxes` table: which sandboxes besides the default one exist (api.md §6.4).
public enum SandboxMigrations {
    /// Every step, oldest first.
    public static let all: [Migration] = [
        Migration("sandboxes-1-create") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sandboxes (
                        name TEXT PRIMARY KEY NOT NULL,
                        createdAt INTEGER NOT NULL,
                        seed INTEGER NOT NULL
                    ) STRICT
                    """
            )
        }
    ]
}
