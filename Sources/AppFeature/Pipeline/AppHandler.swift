public import EventHTTP
public import HTTPKit
import HTTPTypes
public import Logging

/// The application as the HTTP layer sees it: finds the domain that owns a path, sends the request
/// through the stages every route shares, and hands it to that domain's store.
///
/// Routing answers 404 for unknown paths; the pipeline, one concern per stage, does the rest of
/// api.md §1 for every domain — `OPTIONS` and CORS preflight, 405 with `Allow` (HEAD as GET), 406
/// (except on the GitHub-compatible routes), the demo controls with `--dev`, rate limits and
/// idempotency keys. The 503s of draining and cancellation get the same finalized headers, and
/// problem format, as any answer.
public struct AppHandler: HTTPHandler {
    private let endpoints: [any Endpoint]
    private let accessLog: Logger?
    private let problemFormats: ProblemFormats
    private let answers: AnswerMetrics
    private let journal: RequestJournal?
    private let pipeline: Pipeline

    /// Creates the handler over `endpoints`, asked in order; every answer is counted in `metrics`.
    /// `controls` (`--dev`) turns on the demo controls and the request journal.
    public init(
        endpoints: [any Endpoint],
        settings: AppSettings,
        accessLog: Logger? = nil,
        idempotency: IdempotencyStore = IdempotencyStore(),
        rateLimiter: RateLimiter = RateLimiter(limits: [:], now: { 0 }),
        metrics: AppMetrics = AppMetrics(),
        controls: DemoControls? = nil
    ) {
        self.endpoints = endpoints
        self.accessLog = accessLog
        self.problemFormats = ProblemFormats(endpoints: endpoints)
        self.answers = metrics.answers
        self.journal = controls?.journal
        var stages: [any PipelineStage] = [PreflightStage(), MethodStage(), NegotiationStage()]
        if let controls {
            stages.append(DemoControlStage(controls: controls, logger: Logger(label: "counterpart.controls")))
        }
        stages += [
            RateLimitStage(limiter: rateLimiter, trustProxy: settings.trustProxy),
            IdempotencyStage(store: idempotency),
        ]
        pipeline = Pipeline(stages: stages) { flow in
            var context = RouteContext.resolve(
                for: flow.request,
                publicURL: settings.publicURL,
                defaultHost: settings.defaultHost,
                webURL: settings.webURL,
                trustProxy: settings.trustProxy
            )
            context.partialResults = flow.partialResults
            flow.endpoint.respond(to: flow.request, context: context, responder: flow.responder)
        }
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
            responder.journal = journal
            responder.send(
                .problem(.notFound("No route matches \(request.path). GET / lists the routes this server has."))
            )
            return
        }
        responder.route = endpoint.template(for: request.path)
        if endpoint.role == .domain { responder.journal = journal }
        pipeline.run(RequestFlow(request: request, endpoint: endpoint, methods: methods, responder: responder))
    }

    public func bypassesInFlightLimit(_ request: ServerRequest) -> Bool {
        ServiceRoutes.bypassesLimits(request.path)
    }

    public func drainingResponse(to request: ServerRequest) -> Response {
        guard ServiceRoutes.isHealth(request.path) else { return unavailableResponse(to: request, reason: .shutdown) }
        let response = Response.json(bytes: Array(#"{"status":"draining"}"#.utf8), status: .serviceUnavailable)
        return ResponseFinalizer.finalize(response, for: request, appDuration: 0)
    }

    public func refusalResponse(_ refusal: RequestRefusal) -> Response {
        let request = refusal.placeholderRequest
        return ResponseFinalizer.finalize(
            .problem(refusal.problem),
            for: request,
            appDuration: 0,
            problemFormat: problemFormats.format(for: request.path)
        )
    }

    public func unavailableResponse(to request: ServerRequest, reason: CancellationReason) -> Response {
        ResponseFinalizer.finalize(
            .problem(.unavailable(reason.detail)),
            for: request,
            appDuration: 0,
            problemFormat: problemFormats.format(for: request.path)
        )
    }

    private func endpoint(for path: String) -> (any Endpoint, [HTTPRequest.Method])? {
        for endpoint in endpoints {
            if let methods = endpoint.methods(for: path) { return (endpoint, methods) }
        }
        return nil
    }
}
