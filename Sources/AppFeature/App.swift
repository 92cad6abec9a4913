public import Dependencies
import EventHTTP
public import Logging
public import TodosFeature

/// The application: the service routes, the sandboxes, and every domain of `App.domains`, in
/// routing order.
///
/// Adding a domain is its module, its `Domain` (in `Domains/`) and one line in `domains`, plus its
/// `PostgresDomain` (Documentation/adding-a-domain.md): each `Domain` states everything the app
/// needs from it. `/__admin` routes and the demo controls
/// are on only with `--dev`; without it `/__admin` paths are unknown: 404.
public enum App {
    /// The sample domains, in routing order; `POST /__admin/reset` reports them in this order too.
    public static let domains = domains()

    /// The sample domains, a new store's pins being `pins` (`counterpart seed --dataset pins-1m`),
    /// the todos' event streams as `todoEvents` says (`serve`'s live-update options).
    public static func domains(pins: PinDataset = .demo, todoEvents: TodoEventSettings = TodoEventSettings())
        -> [Domain]
    {
        [.todos(todoEvents), .repoSearch, .mapPins(pins), .newsletter]
    }

    /// The handler serving `domains` with `settings`. `dependencies` overrides what every store
    /// sees (live tests); `nil` uses the values prepared at boot. Answers are counted in the
    /// dependencies' `appMetrics`, the registry `/metrics` shows; the default sandbox keeps
    /// idempotency keys and rate windows in their `demoReset`'s stores and, with `--dev`, applies
    /// their `demoControls`; other sandboxes are made from the same values and kept in their
    /// `sandboxStorage` (api.md §6.4).
    public static func handler(
        settings: AppSettings,
        accessLog: Logger? = nil,
        dependencies: DependencyValues? = nil,
        domains: [Domain] = App.domains
    ) -> AppHandler {
        let base = dependencies ?? DependencyValues._current
        let sandboxes = SandboxRegistry.over(base, prepared: dependencies == nil, settings: settings, domains: domains)
        let service = [
            Endpoint(
                routes: ServiceRoutes(),
                reducer: ServiceFeature(links: domains.flatMap(\.links)),
                initialState: { .init() },
                dependencies: dependencies,
                role: .service
            ),
            Endpoint(
                routes: SandboxRoutes(),
                reducer: SandboxesFeature(registry: sandboxes),
                initialState: { .init() },
                dependencies: dependencies,
                role: .service
            ),
        ]
        let admin = [
            Endpoint(
                routes: JournalEventsRoutes(),
                reducer: JournalEventsFeature(),
                initialState: { .init() },
                dependencies: dependencies,
                role: .admin
            ),
            Endpoint(
                routes: ControlsAdminRoutes(),
                reducer: ControlsAdminFeature(),
                initialState: { .init() },
                dependencies: dependencies,
                role: .admin
            ),
            Endpoint(
                routes: SandboxAdminRoutes(),
                reducer: SandboxesFeature(registry: sandboxes),
                initialState: { .init() },
                dependencies: dependencies,
                role: .admin
            ),
        ]
        return AppHandler(
            endpoints: service + domains.flatMap { $0.endpoints(dependencies) }
                + (settings.dev ? admin + domains.flatMap { $0.adminEndpoints(dependencies) } : []),
            settings: settings,
            accessLog: accessLog,
            sandboxes: sandboxes,
            metrics: base.appMetrics
        )
    }
}
