import Foundation
import Logging
import MapPinsFeature
import NewsletterFeature
import PinGeometry
import PostgresNIO
public import PostgresStorage
import RepoSearchFeature
public import Storage
import TodosFeature

extension AppDatabase {
    /// Every domain's PostgreSQL schema, the shared tables first.
    public static let postgresMigrations =
        PostgresStorageMigrations.all + TodosMigrations.postgres + RepoSearchMigrations.postgres
        + NewsletterMigrations.postgres + MapPinsMigrations.postgres

    /// Connects to the PostgreSQL database several instances share, migrates it and — if it held
    /// no Counterpart schema — seeds it, all under one advisory lock, so instances starting together
    /// migrate and seed it once (architecture.md §4.3).
    static func openPostgres(
        _ url: PostgresURL, limits: PostgresBackend.Limits, seed: UInt64, pins: PinDataset, fillsTodos: Bool,
        logger: Logger
    ) async throws -> AppDatabase {
        let backend = PostgresBackend(url: url, limits: limits, logger: logger)
        backend.start()
        do {
            return try await open(backend, seed: seed, pins: pins, fillsTodos: fillsTodos)
        } catch {
            await backend.stop()
            throw error
        }
    }

    private static func open(
        _ backend: PostgresBackend, seed: UInt64, pins: PinDataset, fillsTodos: Bool
    ) async throws -> AppDatabase {
        try await backend.waitUntilReachable()
        _ = try await migrate(backend, seed: seed, pins: pins)
        let counts = try await backend.withConnection { connection in
            (
                try await count("repositories", on: connection), try await count("pins", on: connection),
                try await count("data_versions", on: connection)
            )
        }
        let dataset: PinDataset = counts.1 > PinSeed.demoPinCount ? .million : .demo
        let todos = TodoRepository.postgres(backend)
        let newsletter = NewsletterRepository.postgres(backend)
        // The default sandbox's stores are filled once, by the first instance that finds them never
        // written (no data version recorded): the seeded subscribers (as SQLite's migration does)
        // and, unless `seed` or `import` brings its own, the demo todos. Instances racing here write
        // the same rows.
        if counts.2 == 0 {
            try await newsletter.reset(NewsletterSeed.subscribers)
            if fillsTodos { _ = try await todos.write(.importAll(TodosSeed.demo)) }
        }
        let datasets = SeededDatasets(
            seed: try await DatasetSeedRow.current(backend) ?? seed, repositories: .postgres(backend),
            pins: .postgres(backend),
            shared: SeededDatasets.Shared(
                recordedSeed: { try await DatasetSeedRow.current(backend) },
                backends: { (.postgres(backend), .postgres(backend)) }),
            regenerate: { seed in
                let repositories = RepositorySeed.repositories(seed: seed)
                let pins = dataset.pins(seed: seed)
                // One transaction: a failure leaves the database wholly on the old seed.
                try await backend.transaction { connection in
                    try await RepoSearchRepository.replace(with: repositories, on: connection)
                    try await MapPinRepository.replace(with: pins, on: connection)
                    try await DatasetSeedRow.record(seed, on: connection)
                }
                return (.postgres(backend), .postgres(backend))
            })
        return AppDatabase(
            todos: todos, newsletter: newsletter,
            sandboxes: try await .postgres(backend, now: Int64(Date().timeIntervalSince1970)), datasets: datasets,
            repositoryCount: counts.0, pinCount: counts.1, writer: nil, lock: nil, postgres: backend)
    }

    /// Brings the database to this build's schema (`counterpart migrate`, and `serve` before it
    /// serves); a database that held no Counterpart schema gets the read-only datasets of `seed` in
    /// the same transaction.
    public static func migrate(
        _ backend: PostgresBackend, seed: UInt64, pins: PinDataset
    ) async throws(StorageError) -> PostgresMigrator.Outcome {
        try await PostgresMigrator.migrate(backend, postgresMigrations) { connection in
            try await RepoSearchRepository.seed(RepositorySeed.repositories(seed: seed), on: connection)
            try await MapPinRepository.seed(pins.pins(seed: seed), on: connection)
            try await DatasetSeedRow.record(seed, on: connection)
        }
    }

    /// How many rows `table` (a name from the migrations, never from input) holds.
    private static func count(_ table: String, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: connection.logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }
}
