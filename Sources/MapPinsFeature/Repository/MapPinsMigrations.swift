import GRDB
public import Storage

/// The pins schema: a table of pins and an R*Tree over their coordinates (SQLite's spatial index;
/// each pin is a point, a box of zero size).
public enum MapPinsMigrations {
    /// Every step, oldest first.
    public static let all: [Migration] = [
        Migration("pins-1-create") { db in
            try db.execute(
                sql: """
                    CREATE TABLE pins (
                        rowid INTEGER PRIMARY KEY,
                        id TEXT UNIQUE NOT NULL,
                        title TEXT NOT NULL,
                        subtitle TEXT,
                        category TEXT NOT NULL,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL
                    ) STRICT;
                    CREATE VIRTUAL TABLE pins_rtree USING rtree(rowid, minLon, maxLon, minLat, maxLat);
                    """
            )
        }
    ]
}
