public import Dependencies
import Foundation
public import HTTPKit
public import GRDB
public import Storage
import MapPinsFeature
public import NewsletterFeature
import PinGeometry
import RepoSearchFeature

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
    /// The SQLite connection, when the location is a file.
    public let writer: (any DatabaseWriter)?
    let lock: DatabaseLock?
    /// What instances share, when the location is a shared database; `close()` lets it go.
    let shared: SharedStores?

    /// The schema of `domains` in SQLite, in order: the marker tables, each domain's, the sandboxes'.
    public static func migrations(of domains: [Domain] = App.domains) -> [Migration] {
        [SeedMarker.migration, SeedMarker.seedMigration] + domains.flatMap(\.sqliteMigrations)
            + SandboxPartition.migrations
    }

    /// Opens `location` for `domains`. Empty read-only tables (repositories, pins) are filled from
    /// `seed`, the pins as `pins` says; a file records that seed and keeps it. A database seen for
    /// the first time gets every domain's demo data except `emptyDomains`' (`import` and `seed` fill
    /// the todos themselves). A file is this process's alone while open unless `sqliteLocking` is
    /// `shared`. Repository calls are timed in `metrics`.
    public static func open(
        _ location: DatabaseLocation,
        readers: Int,
        sqliteLocking: SQLiteLocking = .exclusive,
        seed: UInt64 = 1,
        pins: PinDataset = .demo,
        domains: [Domain] = App.domains,
        emptyDomains: Set<String> = [],
        metrics: AppMetrics = AppMetrics(),
        postgres: PostgresSupport? = nil
    ) async throws -> AppDatabase {
        let place = StorePlace(partition: .default, metrics: metrics)
        switch location {
        case .memory:
            let seededPins = pins.pins(seed: seed)
            let datasets = SeededDatasets(
                seed: seed, repositories: .seeded(seed: seed), pins: .inMemory(pins: seededPins),
                regenerate: { seed in (.seeded(seed: seed), .inMemory(pins: pins.pins(seed: seed))) })
            let database = AppDatabase(
                domains: domains, stores: domains.stores { $0.memory(place) }, metrics: metrics,
                sandboxes: .inMemory(domains), datasets: datasets,
                datasetCounts: Self.datasetCounts(repositories: RepositorySeed.repositoryCount, pins: seededPins.count),
                writer: nil, lock: nil, shared: nil)
            try await database.fill(except: emptyDomains)
            return database
        case .sqliteFile(let path):
            let lock = try DatabaseLock(databasePath: path)
            let writer = try SQLiteDatabase.open(
                location, readers: readers, locking: sqliteLocking, migrations: migrations(of: domains))
            // The repositories and pins are read-only seeded data: an empty table has never been filled.
            var repositoryCount = try await count("repositories", in: writer)
            if repositoryCount == 0 {
                let repositories = RepositorySeed.repositories(seed: seed)
                try await writer.write { db in
                    try RepoSearchRepository.seed(repositories, into: db)
                    try SeedMarker.recordDatasetSeed(db, seed)
                }
                repositoryCount = repositories.count
            }
            var pinCount = try await count("pins", in: writer)
            if pinCount == 0 {
                let seeded = pins.pins(seed: seed)
                try await writer.write { db in try MapPinRepository.seed(seeded, into: db) }
                pinCount = seeded.count
            }
            // A reset to another seed regenerates the dataset the file holds (the million, if it does).
            let dataset: PinDataset = pinCount > PinSeed.demoPinCount ? .million : .demo
            // Every store on the file — each sandbox's, the default one's, the search's and the pins'
            // (through every reseed) — shares the loops' read connections, and their writes share the
            // grouped commits.
            let file = SQLiteFile(writer)
            let reads = file.reads
            let datasets = SeededDatasets(
                seed: try SeedMarker.datasetSeed(writer), repositories: .sqlite(writer, reads: reads),
                pins: .sqlite(writer, reads: reads),
                regenerate: { seed in
                    let repositories = RepositorySeed.repositories(seed: seed)
                    let pins = dataset.pins(seed: seed)
                    // One transaction: a crash or a failure leaves the file wholly on the old seed.
                    try await writer.write { db in
                        try RepoSearchRepository.replace(with: repositories, in: db)
                        try MapPinRepository.replace(with: pins, in: db)
                        try SeedMarker.recordDatasetSeed(db, seed)
                    }
                    return (.sqlite(writer, reads: reads), .sqlite(writer, reads: reads))
                })
            let database = AppDatabase(
                domains: domains, stores: domains.stores { $0.sqlite(file, place) }, metrics: metrics,
                sandboxes: try .sqlite(file, domains: domains), datasets: datasets,
                datasetCounts: Self.datasetCounts(repositories: repositoryCount, pins: pinCount),
                writer: writer, lock: lock, shared: nil)
            if try !SeedMarker.isSeeded(writer) {
                try await database.fill(except: emptyDomains)
                if emptyDomains.isEmpty {
                    try SeedMarker.mark(writer, dataset: "demo", at: Int64(Date().timeIntervalSince1970))
                }
            }
            return database
        case .postgres(let text):
            guard let postgres else { throw PostgresSupport.missing(for: text) }
            return try await postgres.open(
                try PostgresURL(text),
                PostgresSupport.Opening(
                    seed: seed, pins: pins, domains: domains, emptyDomains: emptyDomains, metrics: metrics))
        }
    }

    /// The sizes `POST /__admin/reset` reports for the read-only datasets.
    public static func datasetCounts(repositories: Int, pins: Int) -> [String: Int] {
        [Domain.repoSearch.summaryKey: repositories, Domain.mapPins.summaryKey: pins]
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

    /// Releases what the database holds open: PostgreSQL's connections and thread.
    public func close() async {
        await shared?.close()
    }

    /// How many rows `table` (a name from the migrations, never from input) holds.
    private static func count(_ table: String, in writer: any DatabaseWriter) async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
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
    public func install(into values: inout DependencyValues, cache: ResponseCache, resettable: Bool) {
        let fixed = datasets.fixed
        stores(&values)
        values.repoSearchRepository = (resettable ? datasets.resettableRepositories : fixed.repositories)
            .timed(by: metrics)
        values.sandboxStorage = sandboxes
        values.mapPinRepository = (resettable ? datasets.resettablePins : fixed.pins).timed(by: metrics)
        values.responseCache = cache
        values.appMetrics = metrics
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
            datasetCounts: datasetCounts, writer: nil, lock: nil, shared: shared)
    }
}
