import GRDB
import HTTPKit
public import Storage

/// The newsletter schema, one named step per version, seeded with api.md §7's subscribers when it
/// is created (so an existing database gains them exactly once, when it is upgraded).
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
            for subscriber in NewsletterSeed.subscribers { try SubscriberRows.upsert(db, subscriber) }
        }
    ]
}
