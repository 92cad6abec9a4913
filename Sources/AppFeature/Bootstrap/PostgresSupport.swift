public import Storage

/// How this build opens and migrates a `postgres://` database, when it can.
///
/// PostgreSQL is a package trait (BUILDING.md): a build with it (`swift build --traits PostgreSQL`,
/// the image, `Scripts/cluster`) gets this from `AppPostgres`, and the embedded build — what
/// `Scripts/serve` runs on SQLite — compiles no SwiftNIO, BoringSSL or PostgresNIO and has none.
/// The executable passes it to `AppDatabase.open`, the one place a location picks a backend.
public struct PostgresSupport: Sendable {
    /// Connects to the database several instances share, migrates it and — if it held no
    /// Counterpart schema — seeds it, as `AppDatabase.open` does a file.
    public var open: @Sendable (_ url: PostgresURL, _ opening: Opening) async throws -> AppDatabase
    /// Brings the database to this build's schema without serving it (`counterpart migrate`): the
    /// steps applied, and whether the datasets of `seed` were stored.
    public var migrate: @Sendable (_ url: PostgresURL, _ seed: UInt64) async throws -> (applied: [String], seeded: Bool)

    /// A support from its two operations.
    public init(
        open: @escaping @Sendable (PostgresURL, Opening) async throws -> AppDatabase,
        migrate: @escaping @Sendable (PostgresURL, UInt64) async throws -> (applied: [String], seeded: Bool)
    ) {
        self.open = open
        self.migrate = migrate
    }

    /// What `AppDatabase.open` asks of the database, as it asks it of a file.
    public struct Opening: Sendable {
        /// The seed of the read-only datasets a new database is filled with.
        public var seed: UInt64
        /// The domains served, each with its schema and store.
        public var domains: [Domain]
        /// The domains whose demo data the caller stores itself (`import`).
        public var emptyDomains: Set<String>
        /// Where repository calls are timed.
        public var metrics: AppMetrics
    }

    /// Why a build without the trait cannot serve `url`, and how to get one that can.
    public static func missing(for url: String) -> StorageError {
        .unsupported(
            """
            this counterpart was built without PostgreSQL, so it cannot open \(DatabaseLocation.postgres(url: url)). \
            Build it with the PostgreSQL trait: Scripts/serve --database postgres://… does so itself (a build of its \
            own, in .build-postgres), as does `swift build --traits PostgreSQL`; the container image has it too. \
            A SQLite file or `memory` needs nothing more.
            """)
    }
}
