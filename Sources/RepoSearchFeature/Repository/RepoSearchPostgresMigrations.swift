public import PostgresStorage

extension RepoSearchMigrations {
    /// The search schema in PostgreSQL: one row per repository and the case-insensitive owner index
    /// `/repos/{owner}/{repo}` reads by. Searches are answered in process (`SearchIndex`), so the
    /// token vectors, their GIN indexes and the language index the first step made for narrowing
    /// are dropped by the second (architecture.md §4.3).
    public static let postgres: [PostgresMigration] = [
        PostgresMigration(
            "search-1-create",
            [
                """
                CREATE TABLE repositories (
                    id bigint PRIMARY KEY,
                    name text NOT NULL,
                    owner_login text NOT NULL,
                    owner_id bigint NOT NULL,
                    owner_is_organization boolean NOT NULL,
                    description text,
                    is_fork boolean NOT NULL,
                    is_archived boolean NOT NULL,
                    is_template boolean NOT NULL,
                    created_at bigint NOT NULL,
                    updated_at bigint NOT NULL,
                    pushed_at bigint NOT NULL,
                    homepage text,
                    size bigint NOT NULL,
                    stars bigint NOT NULL,
                    forks bigint NOT NULL,
                    open_issues bigint NOT NULL,
                    help_wanted_issues bigint NOT NULL,
                    good_first_issues bigint NOT NULL,
                    language text,
                    license_key text,
                    topics text NOT NULL,
                    default_branch text NOT NULL,
                    readme text NOT NULL,
                    name_tokens tsvector NOT NULL,
                    description_tokens tsvector NOT NULL,
                    topics_tokens tsvector NOT NULL,
                    readme_tokens tsvector NOT NULL)
                """,
                "CREATE INDEX repositories_name_tokens ON repositories USING gin (name_tokens) WITH (fastupdate = off)",
                "CREATE INDEX repositories_description_tokens ON repositories USING gin (description_tokens) WITH (fastupdate = off)",
                "CREATE INDEX repositories_topics_tokens ON repositories USING gin (topics_tokens) WITH (fastupdate = off)",
                "CREATE INDEX repositories_readme_tokens ON repositories USING gin (readme_tokens) WITH (fastupdate = off)",
                "CREATE INDEX repositories_by_language ON repositories (lower(language))",
                "CREATE INDEX repositories_by_owner ON repositories (lower(owner_login), lower(name))",
            ]),
        // Keywords narrow in process now (`KeywordPostings`): a round trip to the server per search
        // cost more than the narrowing saved (BENCHMARKS.md).
        PostgresMigration(
            "search-2-in-process-narrowing",
            [
                "DROP INDEX IF EXISTS repositories_by_language",
                """
                ALTER TABLE repositories DROP COLUMN IF EXISTS name_tokens, DROP COLUMN IF EXISTS description_tokens,
                    DROP COLUMN IF EXISTS topics_tokens, DROP COLUMN IF EXISTS readme_tokens
                """,
            ]),
    ]
}
