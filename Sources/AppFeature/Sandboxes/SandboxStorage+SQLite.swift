import GRDB
import HTTPKit
import Storage

extension SandboxStorage {
    /// Sandboxes as rows of one SQLite file: the rows of every domain of `domains` carry the
    /// sandbox's name first in each table's key, and the `sandboxes` table records which exist.
    /// Every sandbox's stores share the file's per-thread read connections and grouped commits with
    /// the default sandbox's. Opening drops the sandboxes whose seeding a crash cut short.
    public static func sqlite(_ file: SQLiteFile, domains: [Domain] = App.domains) throws -> SandboxStorage {
        let writer = file.writer
        let drop = { @Sendable (name: String, db: Database) throws in
            for store in domains.compactMap(\.store) { try store.dropSQLiteSandbox(db, name) }
            try SandboxRows.delete(db, name)
        }
        let restored = try writer.write { db in
            for name in try SandboxRows.unseeded(db) { try drop(name, db) }
            return try SandboxRows.fetchAll(db)
        }
        return SandboxStorage(
            stores: { place in domains.stores { $0.sqlite(file, place) } },
            record: { record in
                try await RepositoryError.mappingSQLite {
                    try await writer.write { db in try SandboxRows.insert(db, record) }
                }
                // The file's one process knows every sandbox it holds: a new record replaces any other.
                return .recorded
            },
            markSeeded: { record in
                try await RepositoryError.mappingSQLite {
                    try await writer.write { db in try SandboxRows.markSeeded(db, record) }
                }
            },
            // One process holds the file: the registry knows the generation, so the name decides.
            drop: { name, _ in
                try await RepositoryError.mappingSQLite {
                    // One transaction: the sandbox's rows and record are wholly there or wholly gone.
                    try await writer.write { db in try drop(name.rawValue, db) }
                }
                return true
            },
            restored: restored
        )
    }
}

/// The `sandboxes` table's SQL, all with bound arguments.
enum SandboxRows {
    static func insert(_ db: Database, _ record: SandboxRecord) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO sandboxes (name, generation, createdAt, seed, seeded) VALUES (?, ?, ?, ?, 0)",
            arguments: [
                record.name.rawValue, record.generation, record.createdAt.secondsSince1970,
                Int64(bitPattern: record.seed),
            ])
    }

    static func markSeeded(_ db: Database, _ record: SandboxRecord) throws {
        try db.execute(
            sql: "UPDATE sandboxes SET seeded = 1 WHERE name = ? AND generation = ?",
            arguments: [record.name.rawValue, record.generation])
    }

    static func delete(_ db: Database, _ name: String) throws {
        try db.execute(sql: "DELETE FROM sandboxes WHERE name = ?", arguments: [name])
    }

    static func unseeded(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sandboxes WHERE seeded = 0")
    }

    static func fetchAll(_ db: Database) throws -> [SandboxRecord] {
        try Row.fetchAll(
            db, sql: "SELECT name, generation, createdAt, seed FROM sandboxes WHERE seeded = 1 ORDER BY name"
        ).map { row in
            let text: String = row[0]
            let seed: Int64 = row[3]
            return SandboxRecord(
                name: try SandboxName(stored: text, source: "sandboxes table"), generation: row[1],
                createdAt: Timestamp(secondsSince1970: row[2]), seed: UInt64(bitPattern: seed))
        }
    }
}
