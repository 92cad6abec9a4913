import EventHTTP
import TodosFeature
public import Logging

/// The application: every domain's endpoint, in routing order.
///
/// Adding a domain means adding its `FeatureEndpoint` here — routes, reducer, initial state — and
/// nothing else in the HTTP pipeline.
public enum App {
    /// The handler serving every domain with `settings`.
    public static func handler(settings: AppSettings, accessLog: Logger? = nil) -> AppHandler {
        AppHandler(
            endpoints: [
                FeatureEndpoint(routes: ServiceRoutes(), reducer: ServiceFeature(), initialState: { .init() }),
                FeatureEndpoint(routes: TodosRoutes(), reducer: TodosFeature(), initialState: { .init() }),
            ],
            settings: settings,
            accessLog: accessLog
        )
    }
}
