#if PostgreSQL
public import PostgresStorage
public import RepoSearchFeature

extension RepoSearchMigrations {
    /// The search schema in PostgreSQL: one row per repository, a `tsvector` per searchable field
    /// (built from api.md's tokens, as `SearchTokens` makes them, with the `simple` configuration:
    /// no stemming, no stop words) each under a GIN index, and expression indexes for the selective
    /// qualifiers, language and owner, compared case-insensitively.
    ///
    /// This version searches in process (`SearchIndex`) and reads none of the vectors or the
    /// language index; they stay, still written, while instances of earlier versions may share the
    /// database during an upgrade and narrow with them. A later migration drops them.
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
            ])
    ]
}
#endif
