#if PostgreSQL
public import AppFeature
import Foundation
public import Logging
import NewsletterPostgres
import PostgresNIO
public import PostgresStorage
public import Storage

extension PostgresSupport {
    /// PostgreSQL through PostgresNIO: a pool of `limits.connections` per database opened, its
    /// failures logged through `logger`, each domain served by its backend in `backends`.
    public static func live(
        limits: PostgresLimits = .standard, backends: [PostgresDomain] = PostgresDomain.all(), logger: Logger
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
                        backend, domains: App.domains, backends: try backends.serving(App.domains), seed: seed)
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
    public static func postgresMigrations(_ backends: [PostgresDomain] = PostgresDomain.all()) -> [PostgresMigration] {
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
        let domains = opening.domains
        try await backend.waitUntilReachable()
        _ = try await migrate(backend, domains: domains, backends: backends, seed: opening.seed)
        let (counts, written) = try await backend.withConnection { connection in
            (try await datasetSizes(backends, on: connection), try await SharedDataVersion.anyRecorded(on: connection))
        }
        let datasets = SeededDatasets(
            seed: try await DatasetSeedRow.current(backend) ?? opening.seed,
            backends: backends.datasetBackends(backend),
            shared: SeededDatasets.Shared(
                recordedSeed: { try await DatasetSeedRow.current(backend) },
                backends: { backends.datasetBackends(backend) }),
            regenerate: { seed in
                // One transaction: a failure leaves the database wholly on the old seed. Each dataset
                // keeps its size (the million pins, if the database holds them), so the request's
                // deadline bounds it, not the one sized for a request's queries.
                try await backend.bulkTransaction { connection in
                    for (domain, stored) in zip(domains, backends) {
                        guard let dataset = domain.dataset, let storing = stored.dataset else { continue }
                        try await storing.write(
                            dataset.generate(seed, counts[domain.name] ?? 0), of: dataset, as: domain.name,
                            replacing: true, on: connection)
                    }
                    try await DatasetSeedRow.record(seed, on: connection)
                }
                return backends.datasetBackends(backend)
            })
        let sandbox = SandboxName.default.rawValue
        let stores = try await backends.stores(backend)
        let database = AppDatabase(
            domains: domains,
            stores: stores(StorePlace(partition: .default, metrics: opening.metrics)),
            metrics: opening.metrics,
            sandboxes: try await .postgres(
                backend, backends: backends, stores: stores, now: Int64(Date().timeIntervalSince1970)),
            datasets: datasets, datasetCounts: domains.summaryCounts(counts),
            shared: SharedStores(
                idempotencyKeys: PostgresIdempotencyStore(backend, sandbox: sandbox),
                failScenarios: PostgresFailScenarios(backend, sandbox: sandbox),
                rateWindows: PostgresRateWindows(backend, sandbox: sandbox),
                journal: PostgresJournal(backend, sandbox: sandbox), outbox: PostgresOutbox(backend, sandbox: sandbox),
                sweep: { now in try await PostgresStateSweep(backend).run(now: now) },
                close: { await backend.stop() }))
        // The default sandbox's stores are filled once, by the first instance that finds them never
        // written (no data version recorded). Instances racing here write the same rows.
        if !written { try await database.fill(except: opening.emptyDomains) }
        return database
    }

    /// Brings the database to this build's schema (`counterpart migrate`, and `serve` before it
    /// serves); a database that held no Counterpart schema gets the read-only datasets of `seed` in
    /// the same transaction. `backends` are `domains`', in their order.
    public static func migrate(
        _ backend: PostgresBackend, domains: [Domain], backends: [PostgresDomain], seed: UInt64
    ) async throws(StorageError) -> PostgresMigrator.Outcome {
        try await PostgresMigrator.migrate(backend, postgresMigrations(backends)) { connection in
            for (domain, stored) in zip(domains, backends) {
                guard let dataset = domain.dataset, let storing = stored.dataset else { continue }
                try await storing.write(
                    dataset.generate(seed, 0), of: dataset, as: domain.name, replacing: false, on: connection)
            }
            try await DatasetSeedRow.record(seed, on: connection)
        }
    }

    /// Each dataset's size, by domain name: as recorded when it was written, or — for a database
    /// written before sizes were recorded — counted once and recorded (instances racing here record
    /// the same counts).
    private static func datasetSizes(
        _ backends: [PostgresDomain], on connection: PostgresConnection
    ) async throws -> [String: Int] {
        let recorded = try await DatasetSizeRows.all(on: connection)
        var sizes: [String: Int] = [:]
        for backend in backends {
            guard let dataset = backend.dataset else { continue }
            if let size = recorded[backend.name] {
                sizes[backend.name] = size
            } else {
                let count = try await dataset.count(connection)
                try await DatasetSizeRows.record(backend.name, items: count, on: connection)
                sizes[backend.name] = count
            }
        }
        return sizes
    }
}
#endif
