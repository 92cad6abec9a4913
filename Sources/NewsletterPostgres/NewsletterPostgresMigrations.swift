#if PostgreSQL
public import NewsletterFeature
public import PostgresStorage

extension NewsletterMigrations {
    /// The newsletter schema in PostgreSQL, one named step per version: the SQLite one's tables,
    /// times in Unix seconds, every row in its sandbox, tokens by digest.
    public static let postgres: [PostgresMigration] = [
        PostgresMigration(
            "newsletter-1-create",
            [
                """
                CREATE TABLE newsletter_subscribers (
                    sandbox text COLLATE "C" NOT NULL,
                    identity text COLLATE "C" NOT NULL,
                    email text NOT NULL,
                    name text,
                    status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
                    created_at bigint NOT NULL,
                    confirmed_at bigint,
                    unsubscribed_at bigint,
                    PRIMARY KEY (sandbox, identity))
                """,
                """
                CREATE TABLE newsletter_tokens (
                    digest bytea PRIMARY KEY CHECK (length(digest) = 32),
                    sandbox text COLLATE "C" NOT NULL,
                    identity text COLLATE "C" NOT NULL,
                    kind text NOT NULL CHECK (kind IN ('confirm', 'unsubscribe')),
                    created_at bigint NOT NULL,
                    expires_at bigint,
                    used_at bigint,
                    FOREIGN KEY (sandbox, identity) REFERENCES newsletter_subscribers (sandbox, identity)
                        ON DELETE CASCADE)
                """,
                "CREATE INDEX newsletter_tokens_by_identity ON newsletter_tokens (sandbox, identity, kind)",
            ]),
        // The outbox (--dev): in the shared database, so every instance reads every instance's mail.
        PostgresMigration(
            "newsletter-2-outbox",
            [
                """
                CREATE TABLE outbox_mails (
                    sequence bigserial PRIMARY KEY,
                    sandbox text COLLATE "C" NOT NULL,
                    id uuid NOT NULL,
                    recipient text NOT NULL,
                    kind text NOT NULL,
                    subject text NOT NULL,
                    sent_at bigint NOT NULL,
                    confirm_link text,
                    unsubscribe_link text,
                    text text NOT NULL,
                    UNIQUE (sandbox, id))
                """,
                "CREATE INDEX outbox_mails_by_sandbox ON outbox_mails (sandbox, sequence)",
            ]),
    ]
}
#endif
