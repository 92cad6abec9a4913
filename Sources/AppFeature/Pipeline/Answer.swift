import EventHTTP
public import HTTPKit

/// A request's answer on its way out through the pipeline's stages.
///
/// Carries both forms: a stage that stores an answer to give it again later (idempotency) keeps it
/// as the domain gave it, to be finalized afresh for the request that replays it; a stage that
/// changes what is written (headers, a cut body) changes `final`.
public struct Answer: Sendable {
    /// The request's notes, as the stages left them; a stage may add to them (the demo controls
    /// list a fault they applied here).
    public var responder: Responder
    /// The answer before the conventions: no `X-Request-Id`, `Server-Timing` or CORS.
    public let response: Response
    /// The answer as it will be written.
    public var final: Response
    /// From the request's arrival to this answer.
    public let elapsed: Duration
}

/// The rest of an answer's way out after one stage: calling it runs the response half of the stage
/// before, or writes the answer after the first.
///
/// A value, as `PipelineNext` is; a stage may keep it to continue later on the request's loop.
public struct AnswerNext: Sendable {
    let stages: [any PipelineStage]
    /// How many stages have yet to see the answer.
    let remaining: Int

    /// Hands `answer` to the stage before, or writes it.
    public func callAsFunction(_ answer: Answer) {
        guard remaining > 0 else { return answer.responder.exchange.reply(answer.final) }
        stages[remaining - 1].respond(answer, next: AnswerNext(stages: stages, remaining: remaining - 1))
    }
}
