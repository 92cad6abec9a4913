/// The stages a routed request passes through, in order, and the domain that answers it last.
///
/// ```swift
/// let pipeline = Pipeline(stages: [MethodStage(), NegotiationStage()]) { flow in
///     flow.endpoint.respond(to: flow.request, context: context(flow), dependencies: nil, responder: flow.responder)
/// }
/// pipeline.run(flow)
/// ```
public struct Pipeline: Sendable {
    let stages: [any PipelineStage]
    let answer: @Sendable (RequestFlow) -> Void

    /// Runs `stages` in order, then `answer` (the domain), for every request that gets that far.
    public init(stages: [any PipelineStage], answer: @escaping @Sendable (RequestFlow) -> Void) {
        self.stages = stages
        self.answer = answer
    }

    /// Sends `flow` through the first stage.
    public func run(_ flow: RequestFlow) {
        PipelineNext(pipeline: self, index: 0)(flow)
    }
}

/// The rest of the pipeline after one stage: calling it runs the next stage, or the domain.
///
/// A value, not a closure, so passing it on costs no allocation; a stage may keep it to continue
/// later (a delay) as long as it calls it on the request's loop.
public struct PipelineNext: Sendable {
    let pipeline: Pipeline
    let index: Int

    /// Hands `flow` to the next stage, or to the domain after the last.
    public func callAsFunction(_ flow: RequestFlow) {
        guard index < pipeline.stages.count else { return pipeline.answer(flow) }
        pipeline.stages[index].process(flow, next: PipelineNext(pipeline: pipeline, index: index + 1))
    }
}
