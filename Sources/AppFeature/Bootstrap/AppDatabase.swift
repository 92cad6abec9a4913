public import Dependencies
import Foundation
public import HTTPKit
public import GRDB
public import Storage
public import NewsletterFeature

/// The opened storage every domain's repository is built on, chosen by `--database`.
///
/// `memory` gives in-memory repositories seeded with the demo data; a file path opens (creating when
/// missing) a SQLite database, takes its lock, migrates it and — on its first start only — seeds it;
/// a `postgres://` URL connects to the database several instances share and does the same there —
/// in a build with the PostgreSQL trait, which passes its `PostgresSupport`. Each domain of
/// `App.domains` brings its own schema and stores (`Domain`). `install(into:)` hands the
/// repositories to swift-dependencies before the loops start, because libevent's callbacks carry no
/// task-locals.
public struct AppDatabase: Sendable {
    /// The domains it holds, each with its schema and, if it has one, its store.
    public let domains: [Domain]
    /// The default sandbox's stores of every domain, timed in `metrics`.
    public let stores: StoreSetter
    /// Where the repositories' call durations are recorded; what `/metrics` shows.
    public let metrics: AppMetrics
    /// Where sandboxes besides the default one keep their data (api.md §6.4).
    public let sandboxes: SandboxStorage
    /// The read-only datasets, replaceable by a reset to another seed.
    public let datasets: SeededDatasets
    /// How many items each read-only dataset serves, by its domain's `summaryKey`.
    public let datasetCounts: [String: Int]
    /// The SQLite file's connections, when the location is a file; `close()` closes them.
    let file: SQLiteFile?
    let lock: DatabaseLock?
    /// What instances share, when the location is a shared database; `close()` lets it go.
    let shared: SharedStores?

    /// The schema of `domains` in SQLite, in order: the marker tables, each domain's, the sandboxes'.
    public static func migrations(of domains: [Domain] = App.domains) -> [Migration] {
        [SeedMarker.migration, SeedMarker.seedMigration, DatasetSizes.migration]
            + domains.flatMap(\.sqliteMigrations) + SandboxPartition.migrations
    }

    /// Opens `location` for `domains`. Empty read-only tables (repositories, pins) are filled from
    /// `seed`; a file records that seed and keeps it. A database seen for the first time gets every
    /// domain's demo data except `emptyDomains`' (`import` and `seed` fill the todos themselves). A
    /// file is this process's alone while open unless `sqliteLocking` is `shared`. Repository calls
    /// are timed in `metrics`.
    public static func open(
        _ location: DatabaseLocation,
        readers: Int,
        sqliteLocking: SQLiteLocking = .exclusive,
        seed: UInt64 = 1,
        domains: [Domain] = App.domains,
        emptyDomains: Set<String> = [],
        metrics: AppMetrics = AppMetrics(),
        postgres: PostgresSupport? = nil
    ) async throws -> AppDatabase {
        switch location {
        case .memory:
            var backends: SeededDatasets.Backends = [:]
            var counts: [String: Int] = [:]
            for domain in domains {
                guard let dataset = domain.dataset else { continue }
                let (backend, count) = dataset.memory(seed)
                backends[domain.name] = backend
                counts[domain.name] = count
            }
            let datasets = SeededDatasets(
                seed: seed, backends: backends,
                regenerate: { seed in domains.datasetBackends { $0.memory(seed).backend } })
            let database = AppDatabase(
                domains: domains,
                stores: domains.stores { $0.memory(StorePlace(partition: .default, metrics: metrics)) },
                metrics: metrics, sandboxes: .inMemory(domains), datasets: datasets,
                datasetCounts: domains.summaryCounts(counts), file: nil, lock: nil, shared: nil)
            try await database.fill(except: emptyDomains)
            return database
        case .sqliteFile(let path):
            return try await openSQLite(
                path, readers: readers, locking: sqliteLocking, seed: seed, domains: domains,
                emptyDomains: emptyDomains, metrics: metrics)
        case .postgres(let text):
            guard let postgres else { throw PostgresSupport.missing(for: text) }
            return try await postgres.open(
                try PostgresURL(text),
                PostgresSupport.Opening(seed: seed, domains: domains, emptyDomains: emptyDomains, metrics: metrics))
        }
    }

    /// The default sandbox's stores as dependency values (`import`, tests).
    public var repositories: DependencyValues {
        var values = DependencyValues()
        stores(&values)
        return values
    }

    /// Puts every domain's default store but `emptyDomains`' to its demo data: a database seen for
    /// the first time.
    public func fill(except emptyDomains: Set<String>) async throws {
        let values = repositories
        for domain in domains where !emptyDomains.contains(domain.name) {
            try await domain.store?.fill(values)
        }
    }

    /// Where the default sandbox's idempotency keys live: in PostgreSQL when instances share it,
    /// else in this process.
    public var idempotencyKeys: IdempotencyKeys {
        guard let shared else { return .local(IdempotencyStore()) }
        return .shared(shared.idempotencyKeys)
    }

    /// Where the default sandbox's `fail=N` counts live: in PostgreSQL when instances share it,
    /// else in this process.
    public var failScenarioCounts: FailScenarioCounts {
        guard let shared else { return .local(FailScenarios()) }
        return .shared(shared.failScenarios)
    }

    /// The default sandbox's rate-limit windows in PostgreSQL when instances share it; `nil`: in
    /// this process.
    public var rateWindows: (any RateWindowStore)? { shared?.rateWindows }

    /// What keeps the shared tables of the pipeline bounded, when instances share PostgreSQL: it
    /// deletes the rows expired as of a time in Unix milliseconds.
    public var sharedStateSweep: (@Sendable (_ now: Int64) async throws -> Void)? { shared?.sweep }

    /// Where the default sandbox's request journal lives: in PostgreSQL when instances share it,
    /// else in this process.
    public var journal: JournalStore {
        guard let shared else { return .local(RequestJournal()) }
        return .shared(shared.journal)
    }

    /// The default sandbox's outbox in PostgreSQL when instances share it; `nil`: in this process.
    public var sharedOutbox: (any SharedOutbox)? { shared?.outbox }

    /// The SQLite connection that writes, when the location is a file.
    public var writer: (any DatabaseWriter)? { file?.writer }

    /// Releases what the database holds open: PostgreSQL's connections and thread, or a SQLite
    /// file's connections once its write-ahead log is back in the file (`SQLiteFile.close()`).
    /// Throws what closing the file met; its data is safe then too, in the log beside it.
    public func close() async throws {
        await shared?.close()
        try file?.close()
    }

    /// The seed the repositories and pins were generated from.
    public var seed: UInt64 { datasets.seed }

    /// Marks a database seen for the first time as filled by `dataset`, so `serve` will not seed it.
    public func claim(dataset: String) async throws {
        guard let writer, try !SeedMarker.isSeeded(writer) else { return }
        try SeedMarker.mark(writer, dataset: dataset, at: Int64(Date().timeIntervalSince1970))
    }

    /// Sets every repository dependency to this database's, the response cache to `cache`
    /// (architecture.md §5: on in the memory and SQLite profiles), and `metrics` as the registry
    /// `/metrics` shows. With `resettable` (`--dev`, where `POST /__admin/reset` may ask for another
    /// seed) the datasets are reached through their gate; without, directly.
    public func install(into values: inout DependencyValues, cache: ResponseCache, resettable: Bool) throws {
        stores(&values)
        for domain in domains {
            try domain.dataset?.install(datasets, domain.name, resettable, metrics)(&values)
        }
        values.sandboxStorage = sandboxes
        values.responseCache = cache
        values.appMetrics = metrics
    }
}

extension [Domain] {
    /// Each dataset domain's backend, made by `make`, by domain name.
    func datasetBackends(_ make: (DomainDataset) throws -> any Sendable) rethrows -> SeededDatasets.Backends {
        var backends: SeededDatasets.Backends = [:]
        for domain in self {
            if let dataset = domain.dataset { backends[domain.name] = try make(dataset) }
        }
        return backends
    }

    /// Dataset sizes by domain name, as `POST /__admin/reset` reports them: by `summaryKey`.
    public func summaryCounts(_ counts: [String: Int]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: compactMap { domain in counts[domain.name].map { (domain.summaryKey, $0) } })
    }
}

extension AppDatabase {
    /// A database several instances share, as the PostgreSQL build opens it (`AppPostgres`).
    public init(
        domains: [Domain], stores: @escaping StoreSetter, metrics: AppMetrics, sandboxes: SandboxStorage,
        datasets: SeededDatasets, datasetCounts: [String: Int], shared: SharedStores
    ) {
        self.init(
            domains: domains, stores: stores, metrics: metrics, sandboxes: sandboxes, datasets: datasets,
            datasetCounts: datasetCounts, file: nil, lock: nil, shared: shared)
    }
}
