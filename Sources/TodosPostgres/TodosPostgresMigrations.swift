#if PostgreSQL
public import PostgresStorage
public import TodosFeature

extension TodosMigrations {
    /// The todos schema in PostgreSQL, one named step per version. Ids are `uuid` and times integer
    /// Unix milliseconds, so rows order exactly as in SQLite and in Swift (architecture.md §4.4).
    public static let postgres: [PostgresMigration] = [
        PostgresMigration(
            "todos-1-create",
            [
                """
                CREATE TABLE todos (
                    sandbox text COLLATE "C" NOT NULL,
                    id uuid NOT NULL,
                    description text NOT NULL,
                    is_complete boolean NOT NULL,
                    "order" bigint NOT NULL,
                    created_at bigint NOT NULL,
                    updated_at bigint NOT NULL,
                    PRIMARY KEY (sandbox, id))
                """,
                #"CREATE INDEX todos_by_order ON todos (sandbox, "order", created_at, id)"#,
            ])
    ]
}
#endif
