/// The tables every domain's PostgreSQL backend shares: data versions, the sandboxes registry, the
/// seed the read-only datasets were generated from, and the pipeline's idempotency keys and
/// `fail=N` counts.
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
    ]
}
