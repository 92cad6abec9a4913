import GRDB
public import Storage

/// The search schema: one row per repository, and the owner index `/repos/{owner}/{repo}` reads by.
/// Searches are answered in process (`SearchIndex`), so the full-text and language indexes the
/// first steps made for narrowing are dropped by the third (architecture.md §4.3).
public enum RepoSearchMigrations {
    /// Every step, oldest first.
    public static let all: [Migration] = [
        Migration("search-1-create") { db in
            try db.execute(
                sql: """
                    CREATE TABLE repositories (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        ownerLogin TEXT NOT NULL,
                        ownerID INTEGER NOT NULL,
                        ownerIsOrganization INTEGER NOT NULL,
                        description TEXT,
                        isFork INTEGER NOT NULL,
                        isArchived INTEGER NOT NULL,
                        isTemplate INTEGER NOT NULL,
                        createdAt INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL,
                        pushedAt INTEGER NOT NULL,
                        homepage TEXT,
                        size INTEGER NOT NULL,
                        stars INTEGER NOT NULL,
                        forks INTEGER NOT NULL,
                        openIssues INTEGER NOT NULL,
                        helpWantedIssues INTEGER NOT NULL,
                        goodFirstIssues INTEGER NOT NULL,
                        language TEXT,
                        licenseKey TEXT,
                        topics TEXT NOT NULL,
                        defaultBranch TEXT NOT NULL,
                        readme TEXT NOT NULL
                    ) STRICT
                    """
            )
            for column in ["stars", "forks", "size", "createdAt", "pushedAt", "language COLLATE NOCASE", "ownerLogin"] {
                let name = column.split(separator: " ")[0]
                try db.execute(sql: "CREATE INDEX repositories_by_\(name) ON repositories (\(column))")
            }
            // unicode61 splits on every non-alphanumeric character and folds ASCII case: for ASCII text
            // (the seed is) these are api.md's tokens, as SearchTokens makes them. Dropped by step 3.
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE repositories_fts USING fts5(
                        name, description, topics, readme, content='repositories', content_rowid='id',
                        tokenize='unicode61 remove_diacritics 0'
                    )
                    """
            )
        },
        // Range qualifiers are checked in memory: walking these indexes and looking up each row cost
        // more than checking all 5,000 repositories (BENCHMARKS.md). Language and owner stay indexed,
        // the owner case-insensitively, as `user:`, `org:` and `/repos/{owner}/{repo}` compare it.
        Migration("search-2-qualifier-indexes") { db in
            for column in ["stars", "forks", "size", "createdAt", "pushedAt", "ownerLogin"] {
                try db.execute(sql: "DROP INDEX IF EXISTS repositories_by_\(column)")
            }
            try db.execute(sql: "CREATE INDEX repositories_by_ownerLogin ON repositories (ownerLogin COLLATE NOCASE)")
        },
        // Keywords narrow in process now (`KeywordPostings`): asking FTS5 cost a trip to a reader
        // thread and back, ~90 µs of a 0.33 ms search, more than the narrowing saved (BENCHMARKS.md).
        Migration("search-3-in-process-narrowing") { db in
            try db.execute(sql: "DROP TABLE IF EXISTS repositories_fts")
            try db.execute(sql: "DROP INDEX IF EXISTS repositories_by_language")
        },
    ]
}
