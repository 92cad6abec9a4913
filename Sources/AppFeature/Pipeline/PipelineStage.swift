public import HTTPTypes

/// One concern every request it applies to passes through, both ways: a check that may answer early
/// (405, 406, 429), a control that changes or defers the request (demo delays), and what the answer
/// must carry or record on its way out (rate-limit headers, a stored idempotent answer, metrics).
///
/// Modelled on Hummingbird's middleware, whose one `handle(request, context, next)` sees the request
/// go in and the response come back; here on the event loop instead of `async`, so each half is a
/// method with its own `next`. A stage either answers through `flow.responder` and stops, or calls
/// `next` — at once, or later from the same loop (a delay) — exactly once. Every answer then passes
/// back through every stage, innermost first, and a request that ends without an answer tells them
/// instead. A stage's response half acts on what its request half noted on the responder (a key's
/// scope, a rate-limit charge), so an answer given before the request reached it passes unchanged.
public protocol PipelineStage: Sendable {
    /// Answers `flow`, or hands it (perhaps changed, perhaps later) to `next`.
    func process(_ flow: RequestFlow, next: PipelineNext)

    /// Changes or records `answer` on its way out and hands it to `next` — at once, or later from
    /// the request's loop — exactly once.
    func respond(_ answer: Answer, next: AnswerNext)

    /// Records that the request `responder` was answering ended without an answer of its own.
    func ended(_ ending: RequestEnding, responder: Responder)

    /// Whether a request whose path takes its `method` can need this stage. A stage that says no is
    /// left off such requests' way, both ways (`Pipeline`), so it must have nothing to do for them;
    /// requests their path refuses pass every stage.
    func applies(toAccepted method: HTTPRequest.Method) -> Bool
}

extension PipelineStage {
    /// No request half: on to the next stage.
    public func process(_ flow: RequestFlow, next: PipelineNext) { next(flow) }

    /// No response half: on to the stage before.
    public func respond(_ answer: Answer, next: AnswerNext) { next(answer) }

    /// Nothing to record.
    public func ended(_ ending: RequestEnding, responder: Responder) {}

    /// Every method, the default.
    public func applies(toAccepted method: HTTPRequest.Method) -> Bool { true }
}
