public import GRDB

/// Opens the embedded SQLite database the way every domain expects it.
///
/// Files open as a `DatabasePool` (WAL, `synchronous=NORMAL`, foreign keys, 5 s busy timeout,
/// at least two readers), kept to this process unless `locking` says `shared` (`SQLiteLocking`);
/// `memory` opens a `DatabaseQueue`. Every domain's migrations run at open,
/// in order. Repositories write with GRDB's async `write` and read unbounded results with its async
/// `read`, on GRDB's own queues; bounded reads (a point read by key) go through `LocalReads`, on
/// the calling thread's own read-only connection.
public enum SQLiteDatabase {
    /// Opens (creating when missing) the database at `location` and applies `migrations`.
    public static func open(
        _ location: DatabaseLocation,
        readers: Int = 2,
        locking: SQLiteLocking = .exclusive,
        migrations: [Migration]
    ) throws(StorageError) -> any DatabaseWriter {
        let writer: any DatabaseWriter
        do {
            switch location {
            case .memory:
                writer = try DatabaseQueue(configuration: configuration(readers: readers))
            case .sqliteFile(let path):
                writer = try DatabasePool(
                    path: locking.filename(for: path), configuration: configuration(readers: readers))
            case .postgres:
                throw StorageError.unsupported(
                    "SQLiteDatabase opens 'memory' or a SQLite file; a postgres:// database is AppDatabase's to open."
                )
            }
        } catch let error as StorageError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && locking == .exclusive {
            // An open `sqlite3` shell or browser keeps a shared lock on a WAL database even when idle.
            throw .locked(
                """
                Cannot open the SQLite database \(location): another process has it open (the sqlite3 shell, a \
                database browser?). Close it, or pass --sqlite-locking shared to share the file with it.
                """)
        } catch {
            throw .cannotOpen("Cannot open the SQLite database \(location): \(error).")
        }
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.name, migrate: migration.apply)
        }
        do {
            try migrator.migrate(writer)
        } catch {
            throw .migration("Migrating \(location) failed: \(error). Is it a Counterpart database of a newer version?")
        }
        return writer
    }

    private static func configuration(readers: Int) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.maximumReaderCount = max(2, readers)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            if !db.configuration.readonly {
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return configuration
    }
}

/// One named, versioned schema step; a domain lists its own in order.
public struct Migration: Sendable {
    /// The unique name GRDB records once the step has run.
    public let name: String
    /// The step.
    public let apply: @Sendable (Database) throws -> Void

    /// Creates a migration.
    public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.apply = apply
    }
}
