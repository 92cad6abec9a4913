#if PostgreSQL
public import AppFeature
import MapPinsFeature
import MapPinsPostgres
import NewsletterFeature
import NewsletterPostgres
public import PostgresNIO
public import PostgresStorage
import RepoSearchFeature
import RepoSearchPostgres
import Storage
public import TodosFeature
import TodosPostgres

/// A domain's PostgreSQL backend, declared beside its `Domain` (of the same `name`) because only the
/// PostgreSQL build compiles it: its schema and, for a domain with a store, how its stores are made
/// over the shared database and what a sandbox's drop removes.
public struct PostgresDomain: Sendable {
    /// How one opened database makes a domain's stores for each place.
    public typealias PlacedStores = @Sendable (_ place: StorePlace) -> StoreSetter

    /// The `Domain.name` it serves.
    public var name: String
    /// Its schema, in order.
    public var migrations: [PostgresMigration]
    /// Its stores over `database`, made once it is migrated (what the domain keeps per database —
    /// the todos' feed and its `LISTEN` — is made here); `nil` for a read-only dataset.
    public var stores: (@Sendable (_ database: PostgresBackend) async throws -> PlacedStores)?
    /// Removes a named sandbox's rows inside the connection's transaction.
    public var dropSandbox: @Sendable (_ connection: PostgresConnection, _ sandbox: String) async throws -> Void
    /// Its read-only dataset's backend, for a dataset domain.
    public var dataset: PostgresDataset?

    /// A backend from its parts.
    public init(
        name: String,
        migrations: [PostgresMigration],
        stores: (@Sendable (_ database: PostgresBackend) async throws -> PlacedStores)? = nil,
        dropSandbox: @escaping @Sendable (_ connection: PostgresConnection, _ sandbox: String) async throws -> Void = {
            _, _ in
        },
        dataset: PostgresDataset? = nil
    ) {
        self.name = name
        self.migrations = migrations
        self.stores = stores
        self.dropSandbox = dropSandbox
        self.dataset = dataset
    }

    /// Every domain of `App.domains(todoEvents:)`, in its order.
    public static func all(todoEvents: TodoEventSettings = TodoEventSettings()) -> [PostgresDomain] {
        [.todos(todoEvents), .repoSearch, .mapPins, .newsletter]
    }

    /// The todos, their change feed shared by every instance and keeping `events.historyLength`.
    static func todos(_ events: TodoEventSettings) -> PostgresDomain {
        PostgresDomain(
            name: Domain.todos().name, migrations: TodosMigrations.postgres,
            stores: { database in
                let feed = try await PostgresTodoFeed.listening(to: database, historyLength: events.historyLength)
                return { place in
                    TodoRepository.postgres(database, sandbox: place.partition, history: events.historyLength)
                        .placed(at: place, feed: feed.copy(of: place.partition.key))
                }
            },
            dropSandbox: TodoRepository.dropSandbox)
    }

    static let repoSearch = PostgresDomain(
        name: Domain.repoSearch.name, migrations: RepoSearchMigrations.postgres,
        dataset: PostgresDataset(
            backend: { RepoSearchRepository.postgres($0) },
            count: { try await $0.count(of: "repositories") },
            store: { connection, repositories, replacing in
                if replacing {
                    try await RepoSearchRepository.replace(with: repositories, on: connection)
                } else {
                    try await RepoSearchRepository.seed(repositories, on: connection)
                }
            }))

    static let mapPins = PostgresDomain(
        name: Domain.mapPins().name, migrations: MapPinsMigrations.postgres,
        dataset: PostgresDataset(
            backend: { MapPinRepository.postgres($0) },
            count: { try await $0.count(of: "pins") },
            store: { connection, pins, replacing in
                if replacing {
                    try await MapPinRepository.replace(with: pins, on: connection)
                } else {
                    try await MapPinRepository.seed(pins, on: connection)
                }
            }))

    static let newsletter = PostgresDomain(
        name: Domain.newsletter.name, migrations: NewsletterMigrations.postgres,
        stores: { database in
            { place in NewsletterRepository.postgres(database, sandbox: place.partition).placed(at: place) }
        },
        dropSandbox: NewsletterRepository.dropSandbox)
}

extension [PostgresDomain] {
    /// The backends of `domains`, in their order: a build that serves a domain on PostgreSQL must
    /// declare its backend, or no instance starts.
    func serving(_ domains: [Domain]) throws(StorageError) -> [PostgresDomain] {
        try domains.map { domain throws(StorageError) in
            guard let backend = first(where: { $0.name == domain.name }) else {
                throw .unsupported(
                    "domain \(domain.name) has no PostgreSQL backend in this build: add its PostgresDomain "
                        + "to the list PostgresSupport.live is given (Documentation/adding-a-domain.md).")
            }
            return backend
        }
    }

    /// Each dataset's backend over `database`, by domain name.
    func datasetBackends(_ database: PostgresBackend) -> SeededDatasets.Backends {
        var backends: SeededDatasets.Backends = [:]
        for domain in self {
            if let dataset = domain.dataset { backends[domain.name] = dataset.backend(database) }
        }
        return backends
    }

    /// How the stores of these domains over `database` are made for each place, as one setter.
    func stores(_ database: PostgresBackend) async throws -> PostgresDomain.PlacedStores {
        var placed: [PostgresDomain.PlacedStores] = []
        for domain in self {
            if let stores = domain.stores { placed.append(try await stores(database)) }
        }
        return { [placed] place in
            let setters = placed.map { $0(place) }
            return { values in
                for setter in setters { setter(&values) }
            }
        }
    }
}
extension PostgresConnection {
    /// How many rows `table` (a name from the migrations, never from input) holds.
    func count(of table: String) async throws -> Int {
        let rows = try await query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }
}
#endif
