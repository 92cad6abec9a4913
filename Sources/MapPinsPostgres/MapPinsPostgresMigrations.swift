#if PostgreSQL
public import MapPinsFeature
public import PostgresStorage

extension MapPinsMigrations {
    /// The pins schema in PostgreSQL: a table of pins and a GiST index over their coordinates as
    /// built-in `point`s (longitude, latitude). The engine only narrows to a box — what SQLite's
    /// R*Tree does — and Swift computes distances and order, so neither PostGIS (a hundred MiB of
    /// packages for functions this would not call) nor `earthdistance` is needed.
    public static let postgres: [PostgresMigration] = [
        PostgresMigration(
            "pins-1-create",
            [
                """
                CREATE TABLE pins (
                    id text COLLATE "C" PRIMARY KEY,
                    title text NOT NULL,
                    subtitle text,
                    category text NOT NULL,
                    latitude double precision NOT NULL,
                    longitude double precision NOT NULL,
                    location point NOT NULL)
                """,
                "CREATE INDEX pins_by_location ON pins USING gist (location)",
            ])
    ]
}
#endif
