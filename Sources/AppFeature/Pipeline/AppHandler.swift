public import EventHTTP
public import HTTPKit
import HTTPTypes
public import Logging
import Storage

/// The application as the HTTP layer sees it: finds the domain that owns a path, sends the request
/// through the stages every route shares, and hands it to that domain's store.
///
/// Routing answers 404 for unknown paths; the pipeline, one concern per stage, does the rest of
/// api.md §1 for every domain — `OPTIONS` and CORS preflight, 405 with `Allow` (HEAD as GET), 406
/// (except on the GitHub-compatible routes), the demo controls with `--dev`, the stream limits, rate
/// limits and idempotency keys. The 503s of draining and cancellation get the same finalized headers, and
/// problem format, as any answer.
public struct AppHandler: HTTPHandler {
    private let endpoints: [Endpoint]
    private let problemFormats: ProblemFormats
    private let pipeline: Pipeline
    /// The sandboxes requests run in (api.md §6.4); the default one holds what requests naming
    /// none use.
    public let sandboxes: SandboxRegistry

    /// Creates the handler over `endpoints`, asked in order, running requests in `sandboxes`;
    /// every answer is counted in `metrics`. With `settings.dev` the demo controls are applied and
    /// requests journalled, each in its sandbox's controls.
    public init(
        endpoints: [Endpoint],
        settings: AppSettings,
        accessLog: Logger? = nil,
        sandboxes: SandboxRegistry,
        metrics: AppMetrics = AppMetrics()
    ) {
        self.endpoints = endpoints
        self.problemFormats = ProblemFormats(endpoints: endpoints)
        self.sandboxes = sandboxes
        var outer: [any PipelineStage] = [MetricsStage(answers: metrics.answers), LoggingStage(accessLog: accessLog)]
        var routed: [any PipelineStage] = [PreflightStage(), MethodStage(), NegotiationStage()]
        if settings.dev {
            outer.append(JournalStage())
            routed.append(DemoControlStage(logger: Logger(label: "counterpart.controls")))
        }
        routed += [RateLimitStage(trustProxy: settings.trustProxy), IdempotencyStage()]
        let streams = StreamAdmission(limits: settings.streamLimits, refused: metrics.streamsRefused)
        let forStreams = [
            StreamLimitStage(admission: streams, limits: settings.streamLimits, trustProxy: settings.trustProxy)
        ]
        pipeline = Pipeline(outer: outer, forStreams: forStreams, routed: routed) { flow in
            var context = RouteContext.resolve(
                for: flow.request,
                publicURL: settings.publicURL,
                defaultHost: settings.defaultHost,
                webURL: settings.webURL,
                trustProxy: settings.trustProxy
            )
            if flow.namesSandbox {
                // The sandbox's base URL, made once, when the server has a public one.
                if let base = flow.sandbox.publicBaseURL {
                    context.baseURL = base
                } else {
                    context.baseURL += flow.sandbox.urlPrefix
                }
            }
            context.partialResults = flow.partialResults
            flow.endpoint.respond(
                to: flow.request, context: context, dependencies: flow.sandbox.dependencies,
                responder: flow.responder)
        }
    }

    public func handle(_ request: ServerRequest, exchange: Exchange) {
        guard let address = address(of: request, exchange: exchange) else { return }
        guard let (endpoint, methods) = endpoint(for: request.path) else {
            var responder = responder(for: request, exchange: exchange)
            responder.sandboxName = address.name
            // Journalled where the client looks: its sandbox's journal, if that sandbox lives.
            let sandbox = if let name = address.name { sandboxes.live(name) } else { sandboxes.defaultSandbox }
            responder.journal = sandbox?.controls?.journal
            responder.send(
                .problem(.notFound("No route matches \(request.targetPath). GET / lists the routes this server has.")))
            return
        }
        let route = endpoint.routes.template(for: request.path)
        let stages = pipeline.stages(for: request.method, to: endpoint, taking: methods)
        // The service routes are shared: never prefixed, and a header naming a sandbox changes nothing.
        if endpoint.role == .service, address.isPrefixed {
            return responder(for: request, exchange: exchange, stages: stages, route: route, sandboxName: address.name)
                .send(
                    .problem(
                        .notFound(
                            "\(request.path) is shared by every sandbox: request it without the \(address.urlPrefix) prefix."
                        )))
        }
        // Logged under the sandbox it names, whatever answers it (a service route's name none).
        let name = endpoint.role == .service ? nil : address.name
        // Made whole and then moved, not copied: a copy retains every reference the flow and its
        // responder hold, and releases them again.
        let flow = RequestFlow(
            request: request, endpoint: endpoint, methods: methods, sandbox: sandboxes.defaultSandbox,
            responder: responder(for: request, exchange: exchange, stages: stages, route: route, sandboxName: name))
        guard let name else { return run(consume flow, in: sandboxes.defaultSandbox, named: false) }
        // A preflight or a method the path refuses is answered alike in every sandbox: it creates
        // none, and is journalled only in one that lives.
        guard Pipeline.accepts(request.method, methods) else {
            if let live = sandboxes.live(name) { return run(flow, in: live, named: true) }
            return pipeline.run(flow)
        }
        let executor = exchange.loop.taskExecutor
        // Answered, perhaps, before the sandbox is ready.
        switch sandboxes.lookup(name, on: executor) {
        case .ready(let sandbox):
            run(flow, in: sandbox, named: true)
        case .confirm(let sandbox):
            run(flow, after: { [sandboxes] in try await sandboxes.confirmed(sandbox, on: executor) }, name: name)
        case .opening(let creation):
            run(flow, after: { .init(sandbox: try await creation.value, versions: nil) }, name: name)
        case .full(let retryAfter):
            flow.responder.send(.problem(.sandboxLimit(maximum: sandboxes.limits.maximum, retryAfter: retryAfter)))
        }
    }

    /// Where `request` runs; `nil` once it has been answered 400 for an invalid or contradictory
    /// sandbox name. A bad header on a shared service route is ignored, as any header is there.
    private func address(of request: ServerRequest, exchange: Exchange) -> SandboxAddress? {
        do {
            return try SandboxAddress(of: request)
        } catch {
            if request.sandboxSegment == nil, endpoint(for: request.path)?.0.role == .service {
                return try? SandboxAddress(of: request, ignoringHeader: true)
            }
            // Answered in the format of the route the path was meant for (GitHub's under /search/).
            responder(for: request, exchange: exchange).send(.problem(error.problem))
            return nil
        }
    }

    /// Sends `flow` through the pipeline inside `sandbox`, journalled there if it is a domain's; a
    /// request that `named` the sandbox keeps its prefix in the URLs it gets.
    private func run(_ flow: consuming RequestFlow, in sandbox: Sandbox, named: Bool) {
        var flow = flow
        flow.enter(sandbox, named: named)
        if flow.endpoint.role == .domain { flow.responder.journal = sandbox.controls?.journal }
        pipeline.run(flow)
    }

    /// Runs `flow` on its loop once `sandbox` returns it — created and seeded, or confirmed with
    /// the instances sharing it, whose data versions the request then reads from the confirmation; a
    /// disconnect or the deadline meanwhile ends the request (a creation still finishes, for the next
    /// one).
    private func run(
        _ flow: RequestFlow, after sandbox: @escaping @Sendable () async throws -> SandboxRegistry.ConfirmedSandbox,
        name: SandboxName
    ) {
        flow.responder.continueOnLoop(
            after: sandbox,
            then: { found in
                switch found {
                case .success(let found):
                    ConfirmedDataVersions.$current.withValue(found.versions) {
                        run(flow, in: found.sandbox, named: true)
                    }
                case .failure(let refusal as RouteError):
                    flow.responder.send(.problem(refusal.problem))
                case .failure(let error):
                    flow.responder.send(
                        .problem(
                            .unavailable(
                                "Sandbox \(name) could not be created; retry in a second.", cause: "\(error)")))
                }
            })
    }

    /// A responder for `request` whose way is `stages`, logged under `route` and `sandboxName`; by
    /// default every stage but the stream limits, for an answer given before routing chose a way.
    private func responder(
        for request: ServerRequest, exchange: Exchange, stages: [any PipelineStage]? = nil,
        route: String = "unmatched", sandboxName: SandboxName? = nil
    ) -> Responder {
        Responder(
            request: request, exchange: exchange, started: .now, stages: stages ?? pipeline.stages,
            problemFormats: problemFormats, route: route, sandboxName: sandboxName)
    }

    public func bypassesInFlightLimit(_ request: ServerRequest) -> Bool {
        // The service routes are never prefixed (a prefixed one is a 404).
        request.sandboxSegment == nil && ServiceRoutes.bypassesLimits(request.path)
    }

    public func drainingResponse(to request: ServerRequest) -> Response {
        guard request.sandboxSegment == nil, ServiceRoutes.isHealth(request.path) else {
            return unavailableResponse(to: request, reason: .shutdown)
        }
        let response = Response.json(bytes: Array(#"{"status":"draining"}"#.utf8), status: .serviceUnavailable)
        return ResponseFinalizer.finalize(response, for: request, appDuration: 0)
    }

    public func refusalResponse(_ refusal: RequestRefusal) -> Response {
        let request = refusal.placeholderRequest
        return ResponseFinalizer.finalize(
            .problem(refusal.problem),
            for: request,
            appDuration: 0,
            problemFormat: problemFormat(for: request)
        )
    }

    public func unavailableResponse(to request: ServerRequest, reason: CancellationReason) -> Response {
        ResponseFinalizer.finalize(
            .problem(.unavailable(reason.detail)),
            for: request,
            appDuration: 0,
            problemFormat: problemFormat(for: request)
        )
    }

    /// How problems on `request`'s path are written, inside a sandbox as outside (GitHub's envelope
    /// on the search routes).
    private func problemFormat(for request: ServerRequest) -> ProblemFormat {
        problemFormats.format(for: request.path)
    }

    private func endpoint(for path: String) -> (Endpoint, [HTTPRequest.Method])? {
        for endpoint in endpoints {
            if let methods = endpoint.routes.methods(for: path) { return (endpoint, methods) }
        }
        return nil
    }
}
