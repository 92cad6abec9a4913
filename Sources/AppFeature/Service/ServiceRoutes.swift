public import HTTPKit
public import HTTPTypes

/// Routing for `/`, `/health` and `/healthz`.
public struct ServiceRoutes: Routes {
    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        switch path {
        case "/", "/health", "/healthz": [.get]
        default: nil
        }
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> ServiceRequest {
        request.path == "/" ? .index(baseURL: context.baseURL) : .health
    }

    /// Whether `path` is a health check (answered `draining` during shutdown).
    static func isHealth(_ path: String) -> Bool {
        path == "/health" || path == "/healthz"
    }
}
