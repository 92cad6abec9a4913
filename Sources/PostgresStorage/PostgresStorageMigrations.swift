#if PostgreSQL
/// The tables every domain's PostgreSQL backend shares: data versions, the sandboxes registry, the
/// seed the read-only datasets were generated from and their sizes, and the pipeline's idempotency
/// keys, `fail=N` counts, request journal and rate-limit windows.
public enum PostgresStorageMigrations {
    /// Every step, oldest first; they run before any domain's.
    public static let all: [PostgresMigration] = [
        PostgresMigration(
            "storage-1-data-versions",
            [
                """
                CREATE TABLE data_versions (
                    sandbox text COLLATE "C" NOT NULL,
                    domain text COLLATE "C" NOT NULL,
                    version bigint NOT NULL,
                    PRIMARY KEY (sandbox, domain))
                """
            ]),
        PostgresMigration(
            "storage-2-sandboxes",
            [
                """
                CREATE TABLE sandboxes (
                    name text COLLATE "C" PRIMARY KEY,
                    generation bigint NOT NULL,
                    created_at bigint NOT NULL,
                    seed bigint NOT NULL,
                    seeded boolean NOT NULL)
                """
            ]),
        PostgresMigration(
            "storage-3-dataset-seed",
            [
                """
                CREATE TABLE dataset_seed (
                    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                    seed bigint NOT NULL)
                """
            ]),
        PostgresMigration(
            "storage-4-idempotency-keys",
            [
                """
                CREATE TABLE idempotency_keys (
                    sandbox text COLLATE "C" NOT NULL,
                    scope text COLLATE "C" NOT NULL,
                    fingerprint bytea NOT NULL,
                    created_at bigint NOT NULL,
                    status integer,
                    headers text,
                    body bytea,
                    PRIMARY KEY (sandbox, scope))
                """
            ]),
        PostgresMigration(
            "storage-5-fail-scenarios",
            [
                """
                CREATE TABLE fail_scenarios (
                    sandbox text COLLATE "C" NOT NULL,
                    name text COLLATE "C" NOT NULL,
                    seen bigint NOT NULL,
                    last_use bigint NOT NULL,
                    PRIMARY KEY (sandbox, name))
                """
            ]),
        PostgresMigration(
            "storage-6-journal",
            [
                """
                CREATE TABLE journal_entries (
                    sandbox text COLLATE "C" NOT NULL,
                    sequence bigserial NOT NULL,
                    request_id text NOT NULL,
                    method text NOT NULL,
                    path text NOT NULL,
                    query text,
                    status integer,
                    outcome text NOT NULL,
                    received_at bigint NOT NULL,
                    duration_ms double precision NOT NULL,
                    injected_delay_ms double precision NOT NULL,
                    preference_applied text,
                    PRIMARY KEY (sandbox, sequence))
                """
            ]),
        PostgresMigration(
            "storage-7-rate-windows",
            [
                """
                CREATE TABLE rate_windows (
                    sandbox text COLLATE "C" NOT NULL,
                    resource text COLLATE "C" NOT NULL,
                    client text COLLATE "C" NOT NULL,
                    used bigint NOT NULL,
                    reset bigint NOT NULL,
                    PRIMARY KEY (sandbox, resource, client))
                """,
                "CREATE INDEX rate_windows_reset ON rate_windows (reset)",
            ]),
        PostgresMigration(
            "storage-8-sandbox-last-use",
            [
                "ALTER TABLE sandboxes ADD COLUMN last_used bigint NOT NULL DEFAULT 0",
                "UPDATE sandboxes SET last_used = created_at",
            ]),
        PostgresMigration(
            "storage-9-sweeps",
            [
                // A sandbox recorded by an instance that does not know last_used is used now, not
                // at 1970 (the next sweep would drop it).
                "ALTER TABLE sandboxes ALTER COLUMN last_used SET DEFAULT extract(epoch FROM now())::bigint",
                "CREATE INDEX idempotency_keys_age ON idempotency_keys (sandbox, created_at)",
                "CREATE INDEX fail_scenarios_last_use ON fail_scenarios (last_use)",
            ]),
        PostgresMigration(
            "storage-10-dataset-sizes",
            ["CREATE TABLE dataset_sizes (dataset text COLLATE \"C\" PRIMARY KEY, items bigint NOT NULL)"]),
    ]
}
#endif
