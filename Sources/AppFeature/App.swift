public import Dependencies
import EventHTTP
import MapPinsFeature
import NewsletterFeature
import RepoSearchFeature
import TodosFeature
public import Logging

/// The application: every domain's endpoint, in routing order.
///
/// Adding a domain means adding its `Endpoint` here — routes, reducer, initial state — and
/// nothing else in the HTTP pipeline. `/__admin` routes and the demo controls are on only with
/// `--dev`; without it `/__admin` paths are unknown: 404.
public enum App {
    /// The handler serving every domain with `settings`. `dependencies` overrides what every store
    /// sees (live tests); `nil` uses the values prepared at boot. Answers are counted in the
    /// dependencies' `appMetrics`, the registry `/metrics` shows; the default sandbox keeps
    /// idempotency keys and rate windows in their `demoReset`'s stores and, with `--dev`, applies
    /// their `demoControls`; other sandboxes are made from the same values and kept in their
    /// `sandboxStorage` (api.md §6.4).
    public static func handler(
        settings: AppSettings,
        accessLog: Logger? = nil,
        dependencies: DependencyValues? = nil
    ) -> AppHandler {
        let base = dependencies ?? DependencyValues._current
        let sandboxes = SandboxRegistry.over(base, prepared: dependencies == nil, settings: settings)
        let admin: [Endpoint] = [
            Endpoint(
                routes: ControlsAdminRoutes(),
                reducer: ControlsAdminFeature(),
                initialState: { .init() },
                dependencies: dependencies,
                role: .admin
            ),
            Endpoint(
                routes: NewsletterAdminRoutes(),
                reducer: NewsletterFeature(),
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
            endpoints: [
                Endpoint(
                    routes: ServiceRoutes(),
                    reducer: ServiceFeature(),
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
                Endpoint(
                    routes: TodosRoutes(),
                    reducer: TodosFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                Endpoint(
                    routes: RepoSearchRoutes(),
                    reducer: RepoSearchFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                Endpoint(
                    routes: TodoBackendRoutes(),
                    reducer: TodosFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                Endpoint(
                    routes: MapPinsRoutes(),
                    reducer: MapPinsFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                Endpoint(
                    routes: NewsletterRoutes(),
                    reducer: NewsletterFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
            ] + (settings.dev ? admin : []),
            settings: settings,
            accessLog: accessLog,
            sandboxes: sandboxes,
            metrics: base.appMetrics
        )
    }
}
