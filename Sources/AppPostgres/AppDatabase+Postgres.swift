#if PostgreSQL
public import AppFeature
import Foundation
public import Logging
import MapPinsFeature
import MapPinsPostgres
import NewsletterPostgres
import PinGeometry
import PostgresNIO
public import PostgresStorage
import RepoSearchFeature
import RepoSearchPostgres
public import Storage

extension PostgresSupport {
    /// PostgreSQL through PostgresNIO: a pool of `limits.connections` per database opened, its
    /// failures logged through `logger`, each domain served by its backend in `backends`.
    public static func live(
        limits: PostgresLimits = .standard, backends: [PostgresDomain] = PostgresDomain.all, logger: Logger
    ) -> PostgresSupport {
        PostgresSupport(
            open: { url, opening in
                try await AppDatabase.openPostgres(
                    url, limits: limits, opening: opening, backends: try backends.serving(opening.domains),
                    logger: logger)
            },
            migrate: { url, seed in
                let backend = PostgresBackend(url: url, limits: limits, logger: logger)
                backend.start()
                do {
                    try await backend.waitUntilReachable()
                    let outcome = try await AppDatabase.migrate(
                        backend, backends: try backends.serving(App.domains), seed: seed, pins: .demo)
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
    /// The PostgreSQL schema of the domains `backends` serve, the shared tables first.
    public static func postgresMigrations(_ backends: [PostgresDomain] = PostgresDomain.all) -> [PostgresMigration] {
        PostgresStorageMigrations.all + backends.flatMap(\.migrations)
    }

    /// Connects to the PostgreSQL database several instances share, migrates it and — if it held
    /// no Counterpart schema — seeds it, all under one advisory lock, so instances starting together
    /// migrate and seed it once (architecture.md §4.3).
    public static func openPostgres(
        _ url: PostgresURL, limits: PostgresBackend.Limits, opening: PostgresSupport.Opening,
        backends: [PostgresDomain], logger: Logger
    ) async throws -> AppDatabase {
        let backend = PostgresBackend(url: url, limits: limits, logger: logger)
        backend.start()
        do {
            return try await open(backend, opening: opening, backends: backends)
        } catch {
            await backend.stop()
            throw error
        }
    }

    private static func open(
        _ backend: PostgresBackend, opening: PostgresSupport.Opening, backends: [PostgresDomain]
    ) async throws -> AppDatabase {
        let seed = opening.seed
        try await backend.waitUntilReachable()
        _ = try await migrate(backend, backends: backends, seed: seed, pins: opening.pins)
        let counts = try await backend.withConnection { connection in
            (
                try await count("repositories", on: connection), try await count("pins", on: connection),
                try await count("data_versions", on: connection)
            )
        }
        let dataset: PinDataset = counts.1 > PinSeed.demoPinCount ? .million : .demo
        let stores = backends.stores(backend, StorePlace(partition: .default, metrics: opening.metrics))
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
        let database = AppDatabase(
            domains: opening.domains, stores: stores, metrics: opening.metrics,
            sandboxes: try await .postgres(backend, backends: backends, now: Int64(Date().timeIntervalSince1970)),
            datasets: datasets, datasetCounts: datasetCounts(repositories: counts.0, pins: counts.1),
            shared: SharedStores(
                idempotencyKeys: PostgresIdempotencyStore(backend, sandbox: sandbox),
                failScenarios: PostgresFailScenarios(backend, sandbox: sandbox),
                rateWindows: PostgresRateWindows(backend, sandbox: sandbox),
                journal: PostgresJournal(backend, sandbox: sandbox), outbox: PostgresOutbox(backend, sandbox: sandbox),
                sweep: { now in try await PostgresStateSweep(backend).run(now: now) },
                close: { await backend.stop() }))
        // The default sandbox's stores are filled once, by the first instance that finds them never
        // written (no data version recorded). Instances racing here write the same rows.
        if counts.2 == 0 { try await database.fill(except: opening.emptyDomains) }
        return database
    }

    /// Brings the database to this build's schema (`counterpart migrate`, and `serve` before it
    /// serves); a database that held no Counterpart schema gets the read-only datasets of `seed` in
    /// the same transaction.
    public static func migrate(
        _ backend: PostgresBackend, backends: [PostgresDomain], seed: UInt64, pins: PinDataset
    ) async throws(StorageError) -> PostgresMigrator.Outcome {
        try await PostgresMigrator.migrate(backend, postgresMigrations(backends)) { connection in
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
