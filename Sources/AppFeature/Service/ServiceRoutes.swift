public import HTTPKit
public import HTTPTypes

/// Routing for `/`, `/health`, `/healthz`, `/metrics` and `/openapi.json`.
public struct ServiceRoutes: Routes {
    /// Creates the table.
    public init() {}

    /// The paths this table owns. Every request asks this table first, so they are compared by
    /// byte count before bytes (`equalsPath`).
    private static let paths = ["/", "/health", "/healthz", "/metrics", "/openapi.json"]

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        Self.paths.contains { path.equalsPath($0) } ? [.get] : nil
    }

    public func template(for path: String) -> String { path }

    /// `/metrics` is Prometheus' text format; the rest JSON.
    public func offeredTypes(for path: String) -> [String] {
        path.equalsPath("/metrics") ? ["text/plain"] : ["application/json"]
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> ServiceRequest {
        let path = request.path
        return if path.equalsPath("/") {
            .index(baseURL: context.baseURL)
        } else if path.equalsPath("/metrics") {
            .metrics
        } else if path.equalsPath("/openapi.json") {
            .openAPI
        } else {
            .health
        }
    }

    /// Whether `path` is a health check (answered `draining` during shutdown).
    static func isHealth(_ path: String) -> Bool {
        path.equalsPath("/health") || path.equalsPath("/healthz")
    }

    /// Whether `path` is answered however busy the loop is (api.md §6.3: an orchestrator must not
    /// kill a busy but healthy instance): the health checks and `/metrics`.
    static func bypassesLimits(_ path: String) -> Bool {
        isHealth(path) || path.equalsPath("/metrics")
    }
}
