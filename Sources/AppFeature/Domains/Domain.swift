public import Dependencies
public import HTTPKit
public import Storage

/// Everything the app needs from one sample domain, stated once: the app composes a list of them
/// (`App.domains`), and the pipeline, the sandboxes, the reset and database opening go through
/// the list without naming one (Documentation/adding-a-domain.md).
///
/// Its endpoints are built here, in AppFeature, where each reducer's concrete type is known, so that
/// a store runs specialized (BENCHMARKS.md). A domain whose data every sandbox gets a copy of has a
/// `store` (todos, subscribers); one whose data is generated from the seed and shared by every
/// sandbox has a `dataset` (repositories, pins), which a reset to another seed regenerates.
public struct Domain: Sendable {
    /// Its name: where its repository's metrics and its PostgreSQL backend are found.
    public var name: String
    /// What `POST /__admin/reset` reports its size under (`todos`, `subscribers`).
    public var summaryKey: String
    /// Its public endpoints, in routing order, over the given dependency values (`nil`: the ones
    /// prepared at boot).
    public var endpoints: @Sendable (_ dependencies: DependencyValues?) -> [Endpoint]
    /// Its `/__admin` endpoints, served with `--dev` only.
    public var adminEndpoints: @Sendable (_ dependencies: DependencyValues?) -> [Endpoint]
    /// Where it starts, as `GET /` lists it.
    public var links: [IndexLink]
    /// Its rate-limited resources and their default allowances (api.md §1.2), which
    /// `--rate-limit resource=N/min` replaces.
    public var rateLimits: [String: RateLimiter.Limit]
    /// Its SQLite schema, in order.
    public var sqliteMigrations: [Migration]
    /// Its data as each sandbox has a copy of it.
    public var store: DomainStore?
    /// Its read-only data, generated from the seed and shared by every sandbox.
    public var dataset: DomainDataset?
    /// Sets again, on values prepared at boot, the dependencies its reducer reads on every request
    /// (`DependencyValues.current`): a value set on the values is read in one lookup, a prepared
    /// one through swift-dependencies' cache (`SandboxDependencies.pinningHot`).
    public var hotDependencies: @Sendable (_ values: inout DependencyValues) -> Void

    /// A domain from its parts.
    public init(
        name: String,
        summaryKey: String,
        endpoints: @escaping @Sendable (_ dependencies: DependencyValues?) -> [Endpoint],
        adminEndpoints: @escaping @Sendable (_ dependencies: DependencyValues?) -> [Endpoint] = { _ in [] },
        links: [IndexLink],
        rateLimits: [String: RateLimiter.Limit] = [:],
        sqliteMigrations: [Migration],
        store: DomainStore? = nil,
        dataset: DomainDataset? = nil,
        hotDependencies: @escaping @Sendable (_ values: inout DependencyValues) -> Void = { _ in }
    ) {
        self.name = name
        self.summaryKey = summaryKey
        self.endpoints = endpoints
        self.adminEndpoints = adminEndpoints
        self.links = links
        self.rateLimits = rateLimits
        self.sqliteMigrations = sqliteMigrations
        self.store = store
        self.dataset = dataset
        self.hotDependencies = hotDependencies
    }
}

/// One link of `GET /`: a name and the path (or RFC 6570 template) after the base URL.
public struct IndexLink: Sendable, Equatable {
    public var name: String
    public var path: String

    /// A link named `name` to `path`.
    public init(_ name: String, _ path: String) {
        self.name = name
        self.path = path
    }
}
