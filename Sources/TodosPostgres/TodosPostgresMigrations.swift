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
            ]),
        // The change feed every instance copies (`GET /todos/events`): one row per write, numbered
        // by the sandbox's todos data version; the epoch tells this database's ids from those of a
        // database made afresh.
        PostgresMigration(
            "todos-2-events",
            [
                """
                CREATE TABLE todo_events (
                    sandbox text COLLATE "C" NOT NULL,
                    seq bigint NOT NULL,
                    kind text NOT NULL,
                    ids uuid[] NOT NULL,
                    description text,
                    is_complete boolean,
                    "order" bigint,
                    created_at bigint,
                    updated_at bigint,
                    PRIMARY KEY (sandbox, seq))
                """,
                "CREATE TABLE todo_event_epoch (epoch bigint NOT NULL)",
                "INSERT INTO todo_event_epoch SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint",
            ]),
    ]
}
#endif
