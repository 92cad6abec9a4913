public import GRDB
import HTTPKit
import NewsletterFeature
import Storage
import TodosFeature

extension SandboxStorage {
    /// Sandboxes as rows of one SQLite file: their todos and subscribers carry the sandbox's name
    /// first in each table's key, and the `sandboxes` table records which exist. Every sandbox's
    /// stores share the file's per-thread read connections and its grouped commits.
    public static func sqlite(_ writer: any DatabaseWriter) throws -> SandboxStorage {
        let reads = LocalReads(writer)
        let commits = GroupCommit(writer)
        return SandboxStorage(
            repositories: { record in
                let partition = SandboxPartition(key: record.name.rawValue, generation: record.generation)
                return SandboxRepositories(
                    todos: .sqlite(writer, sandbox: partition, reads: reads),
                    newsletter: .sqlite(writer, sandbox: partition, writes: commits))
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
            sql: "INSERT OR REPLACE INTO sandboxes (name, generation, createdAt, seed) VALUES (?, ?, ?, ?)",
            arguments: [
                record.name.rawValue, record.generation, record.createdAt.secondsSince1970,
                Int64(bitPattern: record.seed),
            ])
    }

    static func delete(_ db: Database, _ name: SandboxName) throws {
        try db.execute(sql: "DELETE FROM sandboxes WHERE name = ?", arguments: [name.rawValue])
    }

    static func fetchAll(_ db: Database) throws -> [SandboxRecord] {
        try Row.fetchAll(db, sql: "SELECT name, generation, createdAt, seed FROM sandboxes ORDER BY name").map { row in
            let text: String = row[0]
            let seed: Int64 = row[3]
            return SandboxRecord(
                name: try SandboxName(text, source: "sandboxes table"), generation: row[1],
                createdAt: Timestamp(secondsSince1970: row[2]), seed: UInt64(bitPattern: seed))
        }
    }
}
