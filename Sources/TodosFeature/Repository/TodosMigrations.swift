import GRDB
public import Storage

/// The todos schema, one named step per version (GRDB's `DatabaseMigrator` records which ran).
public enum TodosMigrations {
    /// Every step, oldest first.
    public static let all: [Migration] = [
        Migration("todos-1-create") { db in
            // Times are integer Unix milliseconds and ids lowercase text, so SQL and Swift order alike.
            try db.execute(
                sql: """
                    CREATE TABLE todos (
                        id TEXT PRIMARY KEY NOT NULL,
                        description TEXT NOT NULL,
                        isComplete INTEGER NOT NULL,
                        "order" INTEGER NOT NULL,
                        createdAt INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    ) STRICT
                    """
            )
            try db.execute(sql: #"CREATE INDEX todos_by_order ON todos ("order", createdAt, id)"#)
        }
    ]
}
