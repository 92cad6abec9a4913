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
        },
        Migration("todos-2-sandboxes") { db in
            // Every row belongs to a sandbox (api.md §6.4), first in the key, so one sandbox's rows
            // are one range of it: listed, and dropped, without reading anyone else's.
            try db.execute(
                sql: """
                    ALTER TABLE todos RENAME TO todos_1;
                    CREATE TABLE todos (
                        sandbox TEXT NOT NULL,
                        id TEXT NOT NULL,
                        description TEXT NOT NULL,
                        isComplete INTEGER NOT NULL,
                        "order" INTEGER NOT NULL,
                        createdAt INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL,
                        PRIMARY KEY (sandbox, id)
                    ) STRICT;
                    INSERT INTO todos SELECT 'default', * FROM todos_1;
                    DROP TABLE todos_1;
                    CREATE INDEX todos_by_order ON todos (sandbox, "order", createdAt, id);
                    """
            )
        },
        Migration("todos-3-covering-list") { db in
            // The list order's index holds every listed column, so a list reads the index alone
            // instead of looking each row up in the table (~20 % of an uncached GET /todos's read,
            // measured). A write maintains it as it did the narrower one.
            try db.execute(
                sql: """
                    DROP INDEX todos_by_order;
                    CREATE INDEX todos_by_order ON todos
                        (sandbox, "order", createdAt, id, description, isComplete, updatedAt);
                    """
            )
        },
    ]
}
