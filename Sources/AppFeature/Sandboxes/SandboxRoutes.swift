public import HTTPKit
public import HTTPTypes

/// Routing for `DELETE /sandboxes/{name}`: always on, like the sandboxes themselves.
public struct SandboxRoutes: Routes {
    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        Self.name(in: path) == nil ? nil : [.delete]
    }

    public func template(for path: String) -> String { "/sandboxes/{name}" }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> SandboxesRequest {
        .drop(try SandboxName(Self.name(in: request.path) ?? "", source: "path"))
    }

    /// The `{name}` segment of `/sandboxes/{name}`, unchecked; `nil` for any other path. By byte:
    /// routing asks it of every request's path.
    private static func name(in path: String) -> Substring? {
        guard let name = path.segment(after: SandboxPrefix.start), !name.isEmpty else { return nil }
        return name
    }
}

/// Routing for `GET /__admin/sandboxes`: registered only with `--dev`, like every `/__admin` route.
public struct SandboxAdminRoutes: Routes {
    static let path = "/__admin/sandboxes"

    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        path == Self.path ? [.get] : nil
    }

    public func template(for path: String) -> String { path }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> SandboxesRequest {
        .list
    }
}
