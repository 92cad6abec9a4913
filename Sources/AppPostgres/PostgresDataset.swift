#if PostgreSQL
import AppFeature
public import PostgresNIO
public import PostgresStorage

/// A dataset domain's PostgreSQL backend (`DomainDataset`'s, in the database every instance
/// shares): its backend over the tables, how many items they hold, and how generated items are
/// stored. Made by its generic `init`, so its items and backend are its domain's types.
public struct PostgresDataset: Sendable {
    /// Its backend over the shared tables.
    let backend: @Sendable (_ database: PostgresBackend) -> any Sendable
    /// How many items its tables hold.
    let count: @Sendable (_ connection: PostgresConnection) async throws -> Int
    /// Stores items its domain generated, in the connection's transaction, replacing what the
    /// tables hold.
    let store:
        @Sendable (_ connection: PostgresConnection, _ items: any Sendable, _ replacing: Bool) async throws -> Void

    /// A backend of `Items`, served by a `Backend`.
    public init<Items: Sendable, Backend: Sendable>(
        backend: @escaping @Sendable (_ database: PostgresBackend) -> Backend,
        count: @escaping @Sendable (_ connection: PostgresConnection) async throws -> Int,
        store:
            @escaping @Sendable (_ connection: PostgresConnection, _ items: Items, _ replacing: Bool) async throws ->
            Void
    ) {
        self.backend = backend
        self.count = count
        self.store = { connection, items, replacing in
            try await store(connection, DatasetMismatch.cast(items, to: Items.self), replacing)
        }
    }
}

extension PostgresDataset {
    /// Stores `items` its domain's `dataset` generated, in the connection's transaction, and records
    /// their number as the size of dataset `name` (`DatasetSizeRows`): every write of a dataset goes
    /// through here, so none leaves its size behind.
    func write(
        _ items: any Sendable, of dataset: DomainDataset, as name: String, replacing: Bool,
        on connection: PostgresConnection
    ) async throws {
        try await store(connection, items, replacing)
        try await DatasetSizeRows.record(name, items: dataset.count(items), on: connection)
    }
}
#endif
