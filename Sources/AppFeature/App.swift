public import Dependencies
import EventHTTP
import MapPinsFeature
public import HTTPKit
import NewsletterFeature
import RepoSearchFeature
import TodosFeature
public import Logging

/// The application: every domain's endpoint, in routing order.
///
/// Adding a domain means adding its `FeatureEndpoint` here — routes, reducer, initial state — and
/// nothing else in the HTTP pipeline. `/__admin` routes are registered only with `--dev`, so
/// without it they are unknown paths: 404.
public enum App {
    /// The handler serving every domain with `settings`. `dependencies` overrides what every store
    /// sees (live tests); `nil` uses the values prepared at boot. Answers are counted in the
    /// dependencies' `appMetrics`, the registry `/metrics` shows.
    public static func handler(
        settings: AppSettings,
        accessLog: Logger? = nil,
        dependencies: DependencyValues? = nil,
        rateLimiter: RateLimiter = .standard()
    ) -> AppHandler {
        @Dependency(\.appMetrics) var prepared
        let admin: [any Endpoint] = [
            FeatureEndpoint(
                routes: NewsletterAdminRoutes(),
                reducer: NewsletterFeature(),
                initialState: { .init() },
                dependencies: dependencies
            )
        ]
        return AppHandler(
            endpoints: [
                FeatureEndpoint(
                    routes: ServiceRoutes(),
                    reducer: ServiceFeature(),
                    initialState: { .init() },
                    dependencies: dependencies
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
            rateLimiter: rateLimiter,
            metrics: dependencies?.appMetrics ?? prepared
        )
    }
}
