public import HTTPKit
public import HTTPTypes

/// Routing for `/`, `/health`, `/healthz`, `/metrics` and `/openapi.json`.
public struct ServiceRoutes: Routes {
    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        switch path {
        case "/", "/health", "/healthz", "/metrics", "/openapi.json": [.get]
        default: nil
        }
    }

    public func template(for path: String) -> String { path }

    /// `/metrics` is Prometheus' text format; the rest JSON.
    public func offeredTypes(for path: String) -> [String] {
        path == "/metrics" ? ["text/plain"] : ["application/json"]
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> ServiceRequest {
        switch request.path {
        case "/": .index(baseURL: context.baseURL)
        case "/metrics": .metrics
        case "/openapi.json": .openAPI
        default: .health
        }
    }

    /// Whether `path` is a health check (answered `draining` during shutdown).
    static func isHealth(_ path: String) -> Bool {
        path == "/health" || path == "/healthz"
    }

    /// Whether `path` is answered however busy the loop is (api.md §6.3: an orchestrator must not
    /// kill a busy but healthy instance): the health checks and `/metrics`.
    static func bypassesLimits(_ path: String) -> Bool {
        isHealth(path) || path == "/metrics"
    }
}
