public import EventHTTP
public import HTTPKit
import HTTPTypes
public import Logging

/// The application as the HTTP layer sees it: finds the domain that owns a path, applies the
/// checks every route shares, and hands the request to that domain's store.
///
/// Done once here, for every domain (api.md §1): 404 for unknown paths, 405 with `Allow`, `OPTIONS`
/// and CORS preflight, HEAD as GET, 406 when `Accept` rules out every offered type, and the 503s
/// of draining and cancellation with the same finalized headers as any answer.
public struct AppHandler: HTTPHandler {
    private let endpoints: [any Endpoint]
    private let settings: AppSettings
    private let accessLog: Logger?

    /// Creates the handler over `endpoints`, asked in order.
    public init(endpoints: [any Endpoint], settings: AppSettings, accessLog: Logger? = nil) {
        self.endpoints = endpoints
        self.settings = settings
        self.accessLog = accessLog
    }

    public func handle(_ request: ServerRequest, exchange: Exchange) {
        let responder = Responder(request: request, exchange: exchange, started: .now, accessLog: accessLog)
        guard let (endpoint, methods) = endpoint(for: request.path) else {
            responder.send(
                .problem(.notFound("No route matches \(request.path). GET / lists the routes this server has."))
            )
            return
        }
        let allowed = methods.contains(.get) ? methods + [.head] : methods
        if request.method == .options {
            responder.send(CORS.optionsResponse(for: request, allowed: allowed))
            return
        }
        guard allowed.contains(request.method) else {
            responder.send(
                .problem(.methodNotAllowed(request.method, path: request.path, allowed: allowed + [.options]))
            )
            return
        }
        let offered = endpoint.offeredTypes(for: request.path)
        guard ContentNegotiation.choose(from: offered, accept: request.headers[.accept]) != nil else {
            responder.send(
                .problem(.notAcceptable(accept: request.headers[.accept] ?? "", offered: offered))
            )
            return
        }
        let context = RouteContext.resolve(
            for: request, publicURL: settings.publicURL, defaultHost: settings.defaultHost)
        endpoint.respond(to: request, context: context, responder: responder)
    }

    public func drainingResponse(to request: ServerRequest) -> Response {
        let response =
            ServiceRoutes.isHealth(request.path)
            ? Response.json(bytes: Array(#"{"status":"draining"}"#.utf8), status: .serviceUnavailable)
            : Response.problem(.unavailable(CancellationReason.shutdown.detail))
        return ResponseFinalizer.finalize(response, for: request, appDuration: 0)
    }

    public func unavailableResponse(to request: ServerRequest, reason: CancellationReason) -> Response {
        let problem = Response.problem(.unavailable(reason.detail))
        return ResponseFinalizer.finalize(problem, for: request, appDuration: 0)
    }

    private func endpoint(for path: String) -> (any Endpoint, [HTTPRequest.Method])? {
        for endpoint in endpoints {
            if let methods = endpoint.methods(for: path) { return (endpoint, methods) }
        }
        return nil
    }
}
