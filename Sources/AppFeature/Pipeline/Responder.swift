public import EventHTTP
public import HTTPKit

/// Sends a request's one answer: finalized by HTTPKit's conventions, then handed back through the
/// pipeline's stages — each adds or records its part — and written by EventHTTP.
///
/// Created per request on its loop; every path that answers — fast path, effect, error — goes
/// through `send`, so no response misses `X-Request-Id`, `Server-Timing`, CORS or the ETag check, or
/// a stage's half; every way a request can end without one (`abandon`, `drop`) reaches the stages
/// too. It also carries the notes stages leave for their response halves.
public struct Responder: Sendable {
    /// The request being answered.
    public var request: ServerRequest { fixed.request }
    /// The transport's handle on it.
    public var exchange: Exchange { fixed.exchange }
    /// When the request arrived.
    var started: ContinuousClock.Instant { fixed.started }
    /// The route template the answer is counted under (`unmatched` until routing finds one).
    var route = "unmatched"
    /// The sandbox the request named (api.md §6.4), logged as its path's prefix even when a header
    /// named it. A name, not the prefix: a name of up to 15 bytes is held inline, so the responder's
    /// many copies retain nothing for it.
    var sandboxName: SandboxName?
    /// Where the answer is recorded when the request carried an `Idempotency-Key`.
    var idempotency: (keys: IdempotencyKeys, scope: String)?
    /// How the answer counts against its rate limit, if its resource is limited.
    var rateLimit: RateLimitCharge?
    /// Where the request is journalled (`--dev`, domain routes and unknown paths).
    var journal: JournalStore?
    /// What the demo controls did to the request.
    var controls = AppliedControls()

    /// What no stage changes, behind one reference: a responder travels in the request's flow, its
    /// stages and its effects, and each copy retained every field (~0.1 µs a request, measured).
    private let fixed: Fixed

    private final class Fixed: Sendable {
        let request: ServerRequest
        let exchange: Exchange
        let started: ContinuousClock.Instant
        let stages: [any PipelineStage]
        let problemFormats: ProblemFormats

        init(
            request: ServerRequest, exchange: Exchange, started: ContinuousClock.Instant,
            stages: [any PipelineStage], problemFormats: ProblemFormats
        ) {
            self.request = request
            self.exchange = exchange
            self.started = started
            self.stages = stages
            self.problemFormats = problemFormats
        }
    }

    /// A responder for `request`, arrived at `started`, whose request and answer pass `stages`, the
    /// way the pipeline chose for it; logged and counted under `route` and `sandboxName`.
    init(
        request: ServerRequest, exchange: Exchange, started: ContinuousClock.Instant,
        stages: [any PipelineStage], problemFormats: ProblemFormats, route: String = "unmatched",
        sandboxName: SandboxName? = nil
    ) {
        fixed = Fixed(
            request: request, exchange: exchange, started: started, stages: stages, problemFormats: problemFormats)
        self.route = route
        self.sandboxName = sandboxName
    }

    /// The stages of the request's way through the pipeline.
    var stages: [any PipelineStage] { fixed.stages }

    /// Sends `response` unless the request was already answered; `repositoryDuration` (ms) is the
    /// time spent waiting for effects, reported as `Server-Timing: repo;dur`.
    public func send(_ response: consuming Response, repositoryDuration: Double = 0) {
        guard !exchange.isAnswered else { return }
        let elapsed = elapsed
        let final = finalize(
            response, elapsed: elapsed.inMilliseconds, delay: controls.delayMilliseconds,
            repositoryDuration: repositoryDuration)
        let answer = Answer(responder: self, response: response, final: final, elapsed: elapsed)
        AnswerNext(stages: fixed.stages, remaining: fixed.stages.count)(answer)
    }

    /// Tells the stages that the request ended without an answer of its own (client gone, deadline,
    /// shutdown), and returns the 503 the HTTP layer writes where a client is still there, timed as
    /// any answer: `repositoryDuration` (ms) spent waiting for effects, the delay as far as it ran.
    func abandon(_ reason: CancellationReason, repositoryDuration: Double = 0) -> Response {
        end(.cancelled(reason))
        let elapsed = elapsed.inMilliseconds
        return finalize(
            .problem(.unavailable(reason.detail)), elapsed: elapsed,
            delay: controls.delayMilliseconds(ranUntil: elapsed), repositoryDuration: repositoryDuration)
    }

    /// `response` in its final form, its `Server-Timing` splitting the `elapsed` milliseconds into
    /// the injected `delay`, the wait for effects, and the server's own handling (the rest).
    private func finalize(
        _ response: Response, elapsed: Double, delay: Double, repositoryDuration: Double
    ) -> Response {
        ResponseFinalizer.finalize(
            response,
            for: request,
            appDuration: elapsed - delay - repositoryDuration,
            repositoryDuration: repositoryDuration,
            delayDuration: delay,
            problemFormat: response.problem == nil ? .standard : fixed.problemFormats.format(for: request.path)
        )
    }

    /// `fault=drop`: closes the connection without an answer, and tells the stages.
    func drop() {
        guard !exchange.isAnswered else { return }
        end(.dropped)
        exchange.drop()
    }

    private func end(_ ending: RequestEnding) {
        for stage in fixed.stages.reversed() {
            stage.ended(ending, responder: self)
        }
    }

    /// How long the request has taken so far.
    var elapsed: Duration { ContinuousClock.now - started }

    /// The path inside its sandbox's prefix, or as sent: a prefix that names no valid sandbox is
    /// logged as it came.
    var loggedPath: String {
        guard let sandboxName else { return request.targetPath }
        return SandboxPrefix.naming(sandboxName.rawValue) + request.path
    }
}
