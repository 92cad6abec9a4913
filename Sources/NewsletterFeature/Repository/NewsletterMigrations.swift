import GRDB
import HTTPKit
public import Storage

/// The newsletter schema, one named step per version, seeded with api.md §7's subscribers when it
/// is created (so an existing database gains them exactly once, when it is upgraded); the
/// first step writes them with its own SQL, since the table it creates is not today's.
public enum NewsletterMigrations {
    /// Every step, oldest first.
    public static let all: [Migration] = [
        Migration("newsletter-1-create") { db in
            // Times are integer Unix seconds. Tokens are stored as their SHA-256 only (api.md §4.2).
            try db.execute(
                sql: """
                    CREATE TABLE newsletter_subscribers (
                        identity TEXT PRIMARY KEY NOT NULL,
                        email TEXT NOT NULL,
                        name TEXT,
                        status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
                        createdAt INTEGER NOT NULL,
                        confirmedAt INTEGER,
                        unsubscribedAt INTEGER
                    ) STRICT;
                    CREATE TABLE newsletter_tokens (
                        digest BLOB PRIMARY KEY NOT NULL CHECK (length(digest) = 32),
                        identity TEXT NOT NULL REFERENCES newsletter_subscribers(identity) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('confirm', 'unsubscribe')),
                        createdAt INTEGER NOT NULL,
                        expiresAt INTEGER,
                        usedAt INTEGER
                    ) STRICT;
                    CREATE INDEX newsletter_tokens_by_identity ON newsletter_tokens (identity, kind);
                    """
            )
            for subscriber in NewsletterSeed.subscribers {
                try db.execute(
                    sql: """
                        INSERT INTO newsletter_subscribers (identity, email, name, status, createdAt, confirmedAt,
                        unsubscribedAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        subscriber.identity, subscriber.email, subscriber.name, subscriber.status.rawValue,
                        subscriber.createdAt.secondsSince1970, subscriber.confirmedAt?.secondsSince1970,
                        subscriber.unsubscribedAt?.secondsSince1970,
                    ])
            }
        },
        Migration("newsletter-2-sandboxes") { db in
            // Every row belongs to a sandbox (api.md §6.4), first in the keys. Tokens stay unique by
            // digest (32 random bytes) but are found only within their sandbox.
            try db.execute(
                sql: """
                    ALTER TABLE newsletter_tokens RENAME TO newsletter_tokens_1;
                    ALTER TABLE newsletter_subscribers RENAME TO newsletter_subscribers_1;
                    DROP INDEX newsletter_tokens_by_identity;
                    CREATE TABLE newsletter_subscribers (
                        sandbox TEXT NOT NULL,
                        identity TEXT NOT NULL,
                        email TEXT NOT NULL,
                        name TEXT,
                        status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
                        createdAt INTEGER NOT NULL,
                        confirmedAt INTEGER,
                        unsubscribedAt INTEGER,
                        PRIMARY KEY (sandbox, identity)
                    ) STRICT;
                    CREATE TABLE newsletter_tokens (
                        digest BLOB PRIMARY KEY NOT NULL CHECK (length(digest) = 32),
                        sandbox TEXT NOT NULL,
                        identity TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('confirm', 'unsubscribe')),
                        createdAt INTEGER NOT NULL,
                        expiresAt INTEGER,
                        usedAt INTEGER,
                        FOREIGN KEY (sandbox, identity) REFERENCES newsletter_subscribers (sandbox, identity)
                            ON DELETE CASCADE
                    ) STRICT;
                    INSERT INTO newsletter_subscribers SELECT 'default', * FROM newsletter_subscribers_1;
                    INSERT INTO newsletter_tokens
                        SELECT digest, 'default', identity, kind, createdAt, expiresAt, usedAt FROM newsletter_tokens_1;
                    DROP TABLE newsletter_tokens_1;
                    DROP TABLE newsletter_subscribers_1;
                    CREATE INDEX newsletter_tokens_by_identity ON newsletter_tokens (sandbox, identity, kind);
                    """
            )
        },
    ]
}
