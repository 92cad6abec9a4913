#if PostgreSQL
public import AppFeature
import Foundation
public import Logging
import MapPinsFeature
import MapPinsPostgres
import NewsletterFeature
import NewsletterPostgres
import PinGeometry
import PostgresNIO
public import PostgresStorage
import RepoSearchFeature
import RepoSearchPostgres
public import Storage
import TodosFeature
import TodosPostgres

extension PostgresSupport {
    /// PostgreSQL through PostgresNIO: a pool of `limits.connections` per database opened, its
    /// failures logged through `logger`.
    public static func live(limits: PostgresLimits = .standard, logger: Logger) -> PostgresSupport {
        PostgresSupport(
            open: { url, seed, pins, fillsTodos in
                try await AppDatabase.openPostgres(
                    url, limits: limits, seed: seed, pins: pins, fillsTodos: fillsTodos, logger: logger)
            },
            migrate: { url, seed in
                let backend = PostgresBackend(url: url, limits: limits, logger: logger)
                backend.start()
                do {
                    try await backend.waitUntilReachable()
                    let outcome = try await AppDatabase.migrate(backend, seed: seed, pins: .demo)
                    await backend.stop()
                    return (outcome.applied, outcome.seeded)
                } catch {
                    await backend.stop()
                    throw error
                }
            })
    }
}

extension AppDatabase {
    /// Every domain's PostgreSQL schema, the shared tables first.
    public static let postgresMigrations =
        PostgresStorageMigrations.all + TodosMigrations.postgres + RepoSearchMigrations.postgres
        + NewsletterMigrations.postgres + MapPinsMigrations.postgres

    /// Connects to the PostgreSQL database several instances share, migrates it and — if it held
    /// no Counterpart schema — seeds it, all under one advisory lock, so instances starting together
    /// migrate and seed it once (architecture.md §4.3).
    public static func openPostgres(
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
        let sandbox = SandboxName.default.rawValue
        return AppDatabase(
            todos: todos, newsletter: newsletter,
            sandboxes: try await .postgres(backend, now: Int64(Date().timeIntervalSince1970)), datasets: datasets,
            repositoryCount: counts.0, pinCount: counts.1,
            shared: SharedStores(
                idempotencyKeys: PostgresIdempotencyStore(backend, sandbox: sandbox),
                failScenarios: PostgresFailScenarios(backend, sandbox: sandbox),
                rateWindows: PostgresRateWindows(backend, sandbox: sandbox),
                journal: PostgresJournal(backend, sandbox: sandbox), outbox: PostgresOutbox(backend, sandbox: sandbox),
                sweep: { now in try await PostgresStateSweep(backend).run(now: now) },
                close: { await backend.stop() }))
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
#endif
