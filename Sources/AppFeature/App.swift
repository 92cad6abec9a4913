public import Dependencies
import EventHTTP
import MapPinsFeature
import HTTPKit
import NewsletterFeature
import RepoSearchFeature
import TodosFeature
public import Logging

/// The application: every domain's endpoint, in routing order.
///
/// Adding a domain means adding its `FeatureEndpoint` here — routes, reducer, initial state — and
/// nothing else in the HTTP pipeline. `/__admin` routes and the demo controls are on only with
/// `--dev`; without it `/__admin` paths are unknown: 404.
public enum App {
    /// The handler serving every domain with `settings`. `dependencies` overrides what every store
    /// sees (live tests); `nil` uses the values prepared at boot. Answers are counted in the
    /// dependencies' `appMetrics`, the registry `/metrics` shows; idempotency keys and rate windows
    /// are kept in their `demoReset`'s stores; with `--dev` their `demoControls` are applied.
    public static func handler(
        settings: AppSettings,
        accessLog: Logger? = nil,
        dependencies: DependencyValues? = nil
    ) -> AppHandler {
        @Dependency(\.appMetrics) var prepared
        @Dependency(\.demoControls) var preparedControls
        @Dependency(\.demoReset) var preparedReset
        // The reset clears the very stores the pipeline keeps keys and windows in.
        let stores = dependencies?.demoReset ?? preparedReset
        let admin: [any Endpoint] = [
            FeatureEndpoint(
                routes: ControlsAdminRoutes(),
                reducer: ControlsAdminFeature(),
                initialState: { .init() },
                dependencies: dependencies,
                role: .admin
            ),
            FeatureEndpoint(
                routes: NewsletterAdminRoutes(),
                reducer: NewsletterFeature(),
                initialState: { .init() },
                dependencies: dependencies,
                role: .admin
            ),
        ]
        return AppHandler(
            endpoints: [
                FeatureEndpoint(
                    routes: ServiceRoutes(),
                    reducer: ServiceFeature(),
                    initialState: { .init() },
                    dependencies: dependencies,
                    role: .service
                ),
                FeatureEndpoint(
                    routes: TodosRoutes(),
                    reducer: TodosFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                FeatureEndpoint(
                    routes: RepoSearchRoutes(),
                    reducer: RepoSearchFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                FeatureEndpoint(
                    routes: TodoBackendRoutes(),
                    reducer: TodosFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                FeatureEndpoint(
                    routes: MapPinsRoutes(),
                    reducer: MapPinsFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
                FeatureEndpoint(
                    routes: NewsletterRoutes(),
                    reducer: NewsletterFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
                ),
            ] + (settings.dev ? admin : []),
            settings: settings,
            accessLog: accessLog,
            idempotency: stores.idempotency,
            rateLimiter: stores.rateLimiter,
            metrics: dependencies?.appMetrics ?? prepared,
            controls: settings.dev ? dependencies?.demoControls ?? preparedControls : nil
        )
    }
}
