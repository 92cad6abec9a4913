public import EventHTTP
public import HTTPKit
import HTTPTypes
public import Logging

/// The application as the HTTP layer sees it: finds the domain that owns a path, applies the
/// checks every route shares, and hands the request to that domain's store.
///
/// Done once here, for every domain (api.md §1): 404 for unknown paths, 405 with `Allow`, `OPTIONS`
/// and CORS preflight, HEAD as GET, 406 when `Accept` rules out every offered type (except on the
/// GitHub-compatible routes, which answer whatever `Accept` says, as GitHub does), and the 503s of
/// draining and cancellation with the same finalized headers, and problem format, as any answer.
public struct AppHandler: HTTPHandler {
    private let endpoints: [any Endpoint]
    private let settings: AppSettings
    private let accessLog: Logger?
    private let idempotency: IdempotencyStore
    private let rateLimiter: RateLimiter
    private let problemFormats: ProblemFormats
    private let answers: AnswerMetrics

    /// Creates the handler over `endpoints`, asked in order; every answer is counted in `metrics`.
    public init(
        endpoints: [any Endpoint],
        settings: AppSettings,
        accessLog: Logger? = nil,
        idempotency: IdempotencyStore = IdempotencyStore(),
        rateLimiter: RateLimiter = RateLimiter(limits: [:], now: { 0 }),
        metrics: AppMetrics = AppMetrics()
    ) {
        self.endpoints = endpoints
        self.settings = settings
        self.accessLog = accessLog
        self.idempotency = idempotency
        self.rateLimiter = rateLimiter
        self.problemFormats = ProblemFormats(endpoints: endpoints)
        self.answers = metrics.answers
    }

    public func handle(_ request: ServerRequest, exchange: Exchange) {
        var responder = Responder(
            request: request,
            exchange: exchange,
            started: .now,
            accessLog: accessLog,
            problemFormats: problemFormats,
            metrics: answers
        )
        guard let (endpoint, methods) = endpoint(for: request.path) else {
            responder.send(
                .problem(.notFound("No route matches \(request.path). GET / lists the routes this server has."))
            )
            return
        }
        responder.route = endpoint.template(for: request.path)
        if request.method == .options {
            responder.send(CORS.optionsResponse(for: request, allowed: Self.allowed(methods)))
            return
        }
        // HEAD is GET without a body; the Allow list is only built for the answers that show it.
        guard methods.contains(request.method == .head ? .get : request.method) else {
            responder.send(
                .problem(
                    .methodNotAllowed(request.method, path: request.path, allowed: Self.allowed(methods) + [.options])
                )
            )
            return
        }
        // A DELETE answers 204 without a body and problems ignore Accept, so nothing it answers can be
        // unacceptable (a client generated from /openapi.json asks only for problem+json there).
        if request.method != .delete, let accept = request.headers[.accept],
            endpoint.problemFormat(for: request.path) == nil
        {
            let offered = endpoint.offeredTypes(for: request.path)
            guard ContentNegotiation.choose(from: offered, accept: accept) != nil else {
                responder.send(.problem(.notAcceptable(accept: accept, offered: offered)))
                return
            }
        }
        if let resource = endpoint.rateLimitResource(request) {
            let client = settings.trustProxy ? ForwardedHeaders.client(of: request) : request.peer
            if let window = rateLimiter.window(for: resource, client: client) {
                if window.remaining == 0, rateLimiter.limit(for: resource)?.enforced == true {
                    let retryAfter = rateLimiter.secondsUntilReset(of: window)
                    var response = Response.problem(endpoint.rateLimitedProblem(client: client, retryAfter: retryAfter))
                    response.headers.append(contentsOf: RateLimiter.headers(window, resource: resource))
                    responder.send(response)
                    return
                }
                responder.rateLimit = (rateLimiter, resource, client)
            }
        }
        if let header = request.headers[.idempotencyKey], endpoint.acceptsIdempotencyKey(request) {
            guard let scope = beginIdempotent(request, key: header, responder: responder) else { return }
            responder.idempotency = (idempotency, scope)
        }
        let context = RouteContext.resolve(
            for: request,
            publicURL: settings.publicURL,
            defaultHost: settings.defaultHost,
            webURL: settings.webURL,
            trustProxy: settings.trustProxy
        )
        endpoint.respond(to: request, context: context, responder: responder)
    }

    /// Applies api.md §1.2's idempotency rules; returns the key's scope when the request should
    /// proceed, or answers it (400, replay, 409, 422) and returns `nil`.
    private func beginIdempotent(_ request: ServerRequest, key header: String, responder: Responder) -> String? {
        let key: String
        do {
            key = try IdempotencyKey.parse(header)
        } catch {
            responder.send(.problem(error.problem))
            return nil
        }
        let scope = request.method.rawValue + " " + request.path + " " + key
        switch idempotency.begin(scope: scope, fingerprint: SHA256.digest(request.body)) {
        case .proceed:
            return scope
        case .replay(var response):
            response.headers[.idempotentReplayed] = "true"
            responder.send(response)
        case .inFlight:
            responder.send(
                .problem(
                    .conflict(
                        "A request with Idempotency-Key \(key) is still being handled; retry once it has answered.",
                        headers: [.retryAfter: "1"]
                    )
                )
            )
        case .reused:
            responder.send(
                .problem(
                    Problem(
                        status: .unprocessableContent,
                        slug: "idempotency-key-reused",
                        title: "Idempotency key reused",
                        detail:
                            "Idempotency-Key \(key) was already used for \(request.method.rawValue) \(request.path) "
                            + "with a different body; use a new key for a new request."
                    )
                )
            )
        }
        return nil
    }

    public func drainingResponse(to request: ServerRequest) -> Response {
        guard ServiceRoutes.isHealth(request.path) else { return unavailableResponse(to: request, reason: .shutdown) }
        let response = Response.json(bytes: Array(#"{"status":"draining"}"#.utf8), status: .serviceUnavailable)
        return ResponseFinalizer.finalize(response, for: request, appDuration: 0)
    }

    public func unavailableResponse(to request: ServerRequest, reason: CancellationReason) -> Response {
        ResponseFinalizer.finalize(
            .problem(.unavailable(reason.detail)),
            for: request,
            appDuration: 0,
            problemFormat: problemFormats.format(for: request.path)
        )
    }

    /// The methods a path with `methods` answers, HEAD included wherever GET is.
    private static func allowed(_ methods: [HTTPRequest.Method]) -> [HTTPRequest.Method] {
        methods.contains(.get) ? methods + [.head] : methods
    }

    private func endpoint(for path: String) -> (any Endpoint, [HTTPRequest.Method])? {
        for endpoint in endpoints {
            if let methods = endpoint.methods(for: path) { return (endpoint, methods) }
        }
        return nil
    }
}
