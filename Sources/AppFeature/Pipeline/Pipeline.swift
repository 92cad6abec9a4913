import HTTPTypes

/// The stages requests pass through, in order, and the domain that answers them last.
///
/// Two kinds of stage. The *routed* ones see the requests routing hands over, those a domain owns;
/// the *outer* ones have no request half, only a response half and an ending, for what every
/// answer needs, routed or not (a 404 for an unknown path is counted and logged like any other).
///
/// A request's way is chosen once, when routing has found its path: a request the path takes
/// passes only the stages that can concern its method (`PipelineStage.applies(toAccepted:)`) — a
/// `GET` no preflight, method or idempotency stage — and only a domain that may stream puts the
/// stream limits on it. The ways are made at start-up, not asked on every request. Every answer
/// passes back through the stages of its request's way, innermost first:
///
/// ```swift
/// let pipeline = Pipeline(outer: [LoggingStage(accessLog: nil)], routed: [MethodStage(), NegotiationStage()]) { flow in
///     flow.endpoint.respond(to: flow.request, context: context(flow), dependencies: nil, responder: flow.responder)
/// }
/// pipeline.run(flow)
/// ```
public struct Pipeline: Sendable {
    /// Every stage but those for streams only: the way of an answer given before routing chose one
    /// (an unknown path, a bad sandbox name).
    let stages: [any PipelineStage]
    /// How many of every way's stages, from the first, are outer.
    let outerCount: Int
    /// The ways of requests the path takes, by method; `refused` for methods none of them names.
    private let accepted: [(method: HTTPRequest.Method, way: Way)]
    /// The way of a request its path refuses (`OPTIONS`, a 405), and of methods with no way of their
    /// own: every stage.
    private let refused: Way
    let answer: @Sendable (RequestFlow) -> Void

    /// One way through the stages, for domains that never stream and for those that may.
    private struct Way: Sendable {
        let plain: [any PipelineStage]
        let streaming: [any PipelineStage]
    }

    /// Runs `routed` in order, then `answer` (the domain), for every request routing hands over —
    /// with `forStreams` ahead of them when the domain may stream (`Routes.mayStream`); `outer`
    /// see every answer.
    public init(
        outer: [any PipelineStage], forStreams: [any PipelineStage] = [], routed: [any PipelineStage],
        answer: @escaping @Sendable (RequestFlow) -> Void
    ) {
        stages = outer + routed
        outerCount = outer.count
        refused = Way(plain: outer + routed, streaming: outer + forStreams + routed)
        let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]
        accepted = methods.map { method in
            let applies = { (stage: any PipelineStage) in stage.applies(toAccepted: method) }
            let way = Way(
                plain: outer + routed.filter(applies),
                streaming: outer + forStreams.filter(applies) + routed.filter(applies))
            return (method, way)
        }
        self.answer = answer
    }

    /// The stages a request with `method` to `endpoint` passes, both ways, where its path takes
    /// `methods`.
    func stages(for method: HTTPRequest.Method, to endpoint: Endpoint, taking methods: [HTTPRequest.Method])
        -> [any PipelineStage]
    {
        var way = refused
        if Self.accepts(method, methods), let found = accepted.first(where: { $0.method == method }) {
            way = found.way
        }
        return endpoint.mayStream ? way.streaming : way.plain
    }

    /// Whether a path taking `methods` takes `method` (HEAD wherever GET), so that its request gets
    /// past the preflight and method stages to its domain.
    static func accepts(_ method: HTTPRequest.Method, _ methods: [HTTPRequest.Method]) -> Bool {
        methods.contains(method) || (method == .head && methods.contains(.get))
    }

    /// Sends routed `flow` through the first routed stage of its way.
    public func run(_ flow: RequestFlow) {
        PipelineNext(stages: flow.responder.stages, answer: answer, index: outerCount)(flow)
    }
}

/// The rest of the pipeline after one stage: calling it runs the next stage, or the domain.
///
/// A value, not a closure, so passing it on costs no allocation; a stage may keep it to continue
/// later (a delay) as long as it calls it on the request's loop.
public struct PipelineNext: Sendable {
    let stages: [any PipelineStage]
    let answer: @Sendable (RequestFlow) -> Void
    let index: Int

    /// Hands `flow` to the next stage, or to the domain after the last.
    public func callAsFunction(_ flow: RequestFlow) {
        guard index < stages.count else { return answer(flow) }
        stages[index].process(flow, next: PipelineNext(stages: stages, answer: answer, index: index + 1))
    }
}
