/// One concern every routed request passes through before its domain answers it: a check that may
/// answer early (405, 406, 429), or a control that changes or defers the request (demo delays).
///
/// Modelled on Hummingbird's middleware chain, on the event loop instead of `async`: a stage either
/// answers through `flow.responder` and stops, or calls `next` — at once, or later from the same
/// loop (a delay) — exactly once.
public protocol PipelineStage: Sendable {
    /// Answers `flow`, or hands it (perhaps changed, perhaps later) to `next`.
    func process(_ flow: RequestFlow, next: PipelineNext)
}
