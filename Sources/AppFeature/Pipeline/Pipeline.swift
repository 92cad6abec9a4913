/// The stages requests pass through, in order, and the domain that answers them last.
///
/// Two kinds of stage. The *routed* ones see the requests routing hands over, those a domain owns;
/// the *outer* ones have no request half, only a response half and an ending, for what every
/// answer needs, routed or not (a 404 for an unknown path is counted and logged like any other).
/// Stages that concern only streamed answers (the stream limits) are passed by the requests of
/// domains that never stream, chosen once here rather than asked on every request. Every answer
/// passes back through every stage but those, innermost first (they have no response half):
///
/// ```swift
/// let pipeline = Pipeline(outer: [LoggingStage(accessLog: nil)], routed: [MethodStage(), NegotiationStage()]) { flow in
///     flow.endpoint.respond(to: flow.request, context: context(flow), dependencies: nil, responder: flow.responder)
/// }
/// pipeline.run(flow)
/// ```
public struct Pipeline: Sendable {
    /// Every stage but those for streams only: what a request to a domain that never streams
    /// passes, and what every answer passes back through.
    let stages: [any PipelineStage]
    /// Every stage, for requests to a domain that may stream.
    let streamingStages: [any PipelineStage]
    /// How many of the stages, from the first, are outer.
    let outerCount: Int
    let answer: @Sendable (RequestFlow) -> Void

    /// Runs `routed` in order, then `answer` (the domain), for every request routing hands over —
    /// with `forStreams` ahead of them when the domain may stream (`Routes.mayStream`); `outer`
    /// see every answer.
    public init(
        outer: [any PipelineStage], forStreams: [any PipelineStage] = [], routed: [any PipelineStage],
        answer: @escaping @Sendable (RequestFlow) -> Void
    ) {
        stages = outer + routed
        streamingStages = outer + forStreams + routed
        outerCount = outer.count
        self.answer = answer
    }

    /// Sends routed `flow` through the first routed stage.
    public func run(_ flow: RequestFlow) {
        let stages = flow.endpoint.mayStream ? streamingStages : stages
        PipelineNext(stages: stages, answer: answer, index: outerCount)(flow)
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
