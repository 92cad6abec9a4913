import Dependencies
public import GRDB
import Storage

/// A domain's read-only dataset, generated from the seed and shared by every sandbox (the
/// repositories, the pins): how it is generated, held in memory or in a SQLite file, and reached
/// from the dependency values — also across a reset to another seed, which regenerates it
/// (`SeededDatasets`). PostgreSQL's backend is declared beside it in `AppPostgres`.
///
/// Made by its generic `init`, so a dataset's items and backend are one type throughout; the app
/// holds it erased, next to the other domains'.
public struct DomainDataset: Sendable {
    /// The items of `seed` for a store holding `held` items now (0: a new store, sized as the
    /// domain is configured).
    public let generate: @Sendable (_ seed: UInt64, _ held: Int) -> any Sendable
    /// How many items `generate` made: the size recorded as they are stored.
    package let count: @Sendable (_ items: any Sendable) throws -> Int
    /// Its backend in process memory for `seed`, and how many items it serves.
    let memory: @Sendable (_ seed: UInt64) -> (backend: any Sendable, count: Int)
    /// Its backend over a SQLite file's tables.
    let sqlite: @Sendable (_ file: SQLiteFile) -> any Sendable
    /// The SQLite table holding a row per item: what a start checks for rows, and counts once for a
    /// file written before sizes were recorded (`DatasetSizes`).
    let sqliteTable: String
    /// Stores generated items in its SQLite tables, in `db`'s transaction, replacing what they hold;
    /// with a page cache that holds the tables they go to (`Database.withBulkPageCache`).
    let storeSQLite: @Sendable (_ db: Database, _ items: any Sendable, _ replacing: Bool) throws -> Void
    /// Sets its repository on `values`, over the datasets' current generation, timed in `metrics`.
    let install:
        @Sendable (_ datasets: SeededDatasets, _ name: String, _ resettable: Bool, _ metrics: AppMetrics) throws ->
            StoreSetter

    /// A dataset of `Items`, served by a `Backend`.
    public init<Items: Sendable, Backend: Sendable>(
        generate: @escaping @Sendable (_ seed: UInt64, _ held: Int) -> Items,
        count: @escaping @Sendable (_ items: Items) -> Int,
        memory: @escaping @Sendable (_ seed: UInt64) -> (backend: Backend, count: Int),
        sqlite: @escaping @Sendable (_ file: SQLiteFile) -> Backend,
        sqliteTable: String,
        storeSQLite: @escaping @Sendable (_ db: Database, _ items: Items, _ replacing: Bool) throws -> Void,
        install: @escaping @Sendable (_ access: DatasetAccess<Backend>, _ metrics: AppMetrics) -> StoreSetter
    ) {
        self.generate = generate
        self.count = { items in try count(DatasetMismatch.cast(items, to: Items.self)) }
        self.memory = { seed in
            let (backend, count) = memory(seed)
            return (backend, count)
        }
        self.sqlite = sqlite
        self.sqliteTable = sqliteTable
        self.storeSQLite = { db, items, replacing in
            try db.withBulkPageCache { try storeSQLite(db, DatasetMismatch.cast(items, to: Items.self), replacing) }
        }
        self.install = { datasets, name, resettable, metrics in
            install(try DatasetAccess(datasets: datasets, name: name, resettable: resettable), metrics)
        }
    }
}

extension DomainDataset {
    // The table's name comes from the domain's declaration, never from input.

    /// How many items its SQLite table holds: a scan of the whole table.
    func countSQLite(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(sqliteTable)") ?? 0
    }

    /// Whether its SQLite table holds any item: one row read, whatever the table's size.
    func holdsItemsSQLite(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(sqliteTable))") ?? false
    }

    /// Stores `items` it generated in `db`'s transaction and records their number as the size of
    /// dataset `name` (`DatasetSizes`): every write of a dataset goes through here, so none leaves
    /// its size behind. Returns the size.
    @discardableResult
    func writeSQLite(_ items: any Sendable, as name: String, replacing: Bool, in db: Database) throws -> Int {
        try storeSQLite(db, items, replacing)
        let size = try count(items)
        try DatasetSizes.record(db, name, items: size)
        return size
    }
}

/// A dataset's backend or items of another type than its domain declared: a PostgreSQL backend
/// paired with the wrong domain (`PostgresDomain`'s name).
public struct DatasetMismatch: Error, CustomStringConvertible {
    public let expected: String
    public let found: String

    public var description: String {
        "a dataset of \(expected) was given \(found): is each PostgresDomain named after the Domain it serves?"
    }

    /// `value` as `T` — a dataset's erased items or backend, as its domain declared them — or the
    /// mismatch naming both.
    public static func cast<T>(_ value: any Sendable, to type: T.Type) throws(DatasetMismatch) -> T {
        guard let typed = value as? T else {
            throw DatasetMismatch(expected: "\(T.self)", found: "\(Swift.type(of: value))")
        }
        return typed
    }
}
