public import EventHTTP
import Foundation
public import HTTPKit
import HTTPTypes
import Logging

/// Sends a request's one answer: finalized by HTTPKit's conventions, logged, journalled, written
/// by EventHTTP.
///
/// Created per request on its loop; every path that answers — fast path, effect, error — goes
/// through `send`, so no response misses `X-Request-Id`, `Server-Timing`, CORS or the ETag check,
/// and every way a request can end without one (`abandon`, `drop`) is recorded too.
public struct Responder: Sendable {
    /// The request being answered.
    public var request: ServerRequest { fixed.request }
    /// The transport's handle on it.
    public var exchange: Exchange { fixed.exchange }
    var started: ContinuousClock.Instant { fixed.started }
    var accessLog: Logger? { fixed.accessLog }
    var problemFormats: ProblemFormats { fixed.problemFormats }
    /// Where the answer is counted.
    var metrics: AnswerMetrics { fixed.metrics }
    /// The route template the answer is counted under (`unmatched` until routing finds one).
    var route = "unmatched"
    /// Where the answer is recorded when the request carried an `Idempotency-Key`.
    var idempotency: (keys: IdempotencyKeys, scope: String)?
    /// How the answer counts against its rate limit, if its resource is limited.
    var rateLimit: RateLimitCharge?
    /// Where the request is journalled (`--dev`, domain routes and unknown paths).
    var journal: JournalStore?
    /// What the demo controls did to the request.
    var controls = AppliedControls()
    /// The sandbox the request named (api.md §6.4), logged as its path's prefix even when a header
    /// named it. A name, not the prefix: a name of up to 15 bytes is held inline, so the responder's
    /// many copies retain nothing for it.
    var sandboxName: SandboxName?

    /// What no stage changes, behind one reference: a responder travels in the request's flow, its
    /// stages and its effects, and each copy retained every field (~0.1 µs a request, measured).
    private let fixed: Fixed

    init(
        request: ServerRequest,
        exchange: Exchange,
        started: ContinuousClock.Instant,
        accessLog: Logger?,
        problemFormats: ProblemFormats,
        metrics: AnswerMetrics
    ) {
        fixed = Fixed(
            request: request, exchange: exchange, started: started, accessLog: accessLog,
            problemFormats: problemFormats, metrics: metrics)
    }

    private final class Fixed: Sendable {
        let request: ServerRequest
        let exchange: Exchange
        let started: ContinuousClock.Instant
        let accessLog: Logger?
        let problemFormats: ProblemFormats
        let metrics: AnswerMetrics

        init(
            request: ServerRequest, exchange: Exchange, started: ContinuousClock.Instant, accessLog: Logger?,
            problemFormats: ProblemFormats, metrics: AnswerMetrics
        ) {
            self.request = request
            self.exchange = exchange
            self.started = started
            self.accessLog = accessLog
            self.problemFormats = problemFormats
            self.metrics = metrics
        }
    }

    /// Sends `response` unless the request was already answered; `repositoryDuration` (ms) is the
    /// time spent waiting for effects, reported as `Server-Timing: repo;dur`.
    public func send(_ response: Response, repositoryDuration: Double = 0) {
        guard !exchange.isAnswered else { return }
        if let cause = response.problem?.cause { logUnexpected(cause) }
        let elapsed = elapsed
        let milliseconds = elapsed.inMilliseconds
        var final = ResponseFinalizer.finalize(
            response,
            for: request,
            appDuration: milliseconds - controls.delayMilliseconds,
            repositoryDuration: repositoryDuration,
            delayDuration: controls.delayMilliseconds,
            problemFormat: response.problem == nil ? .standard : problemFormats.format(for: request.path)
        )
        var controls = controls
        var replayable: (store: any SharedIdempotencyStore, scope: String)?
        if controls.cutsBody, let cut = AppliedControls.cut(final) {
            final = cut
            controls.applied.append("fault=malformed")
            // An injected answer is never stored for idempotency (api.md §6.1).
            if let idempotency { idempotency.keys.abandon(scope: idempotency.scope) }
        } else if let idempotency {
            switch idempotency.keys {
            case .local(let store): store.complete(scope: idempotency.scope, with: response)
            case .shared(let store): replayable = (store, idempotency.scope)
            }
        }
        if let applied = controls.preferenceApplied {
            final.headers.append(HTTPField(name: .preferenceApplied, value: applied))
        }
        // Every answer reports the window (api.md §1.2).
        if let rateLimit, let window = rateLimit.settle(answering: final.status) {
            final.headers.append(contentsOf: RateLimiter.headers(window, resource: rateLimit.resource))
        }
        guard let replayable else {
            return deliver(final, controls: controls, elapsed: elapsed)
        }
        // Stored before it is sent: a retry that begins after this answer arrived, on any instance,
        // replays it. A problem is stored as written (another instance cannot render it again).
        let (answer, applied) = (final, controls)
        let stored = response.problem == nil ? response : Self.renderedProblem(of: response, as: final)
        continueOnLoop(
            after: { try await replayable.store.complete(scope: replayable.scope, with: stored) },
            then: { _ in deliver(answer, controls: applied, elapsed: elapsed) })
    }

    /// `response`'s problem as `final` wrote it — its body and `Content-Type` — with `response`'s own
    /// headers: what a shared idempotency key stores, since the row keeps bytes, not the problem.
    private static func renderedProblem(of response: Response, as final: Response) -> Response {
        var rendered = Response(status: response.status, headers: response.headers, body: final.body)
        if let contentType = final.headers[.contentType] { rendered.headers[.contentType] = contentType }
        return rendered
    }

    /// Writes the finished answer, and counts, journals and logs it.
    private func deliver(_ final: Response, controls: AppliedControls, elapsed: Duration) {
        let milliseconds = elapsed.inMilliseconds
        exchange.reply(final)
        metrics.record(route: route, method: request.method.rawValue, status: final.status.code, duration: elapsed)
        journalled(status: final.status.code, outcome: .completed, milliseconds: milliseconds, controls: controls)
        log(final, milliseconds: milliseconds)
    }

    /// Releases the request's idempotency key when it ends without an answer of its own (client
    /// gone, deadline, shutdown), and counts and journals the 503 the HTTP layer answers it with.
    func abandon(_ reason: CancellationReason) {
        if let idempotency { idempotency.keys.abandon(scope: idempotency.scope) }
        let status = HTTPResponse.Status.serviceUnavailable.code
        let elapsed = elapsed
        metrics.record(route: route, method: request.method.rawValue, status: status, duration: elapsed)
        if reason == .deadline {
            journalled(status: status, outcome: .timedOut, milliseconds: elapsed.inMilliseconds, controls: controls)
        } else {
            journalled(status: nil, outcome: .cancelled, milliseconds: elapsed.inMilliseconds, controls: controls)
        }
    }

    /// `fault=drop`: closes the connection without an answer, and journals it.
    func drop() {
        guard !exchange.isAnswered else { return }
        if let idempotency { idempotency.keys.abandon(scope: idempotency.scope) }
        exchange.drop()
        journalled(status: nil, outcome: .dropped, milliseconds: elapsed.inMilliseconds, controls: controls)
    }

    /// How long the request has taken so far.
    private var elapsed: Duration { ContinuousClock.now - started }

    /// Records how the request ended, when it is journalled; `controls` are what was applied.
    private func journalled(
        status: Int?, outcome: JournalEntry.Outcome, milliseconds: Double, controls: AppliedControls
    ) {
        guard let journal else { return }
        let received = Date().timeIntervalSince1970 - milliseconds / 1000
        journal.record(
            JournalEntry(
                id: request.id,
                method: request.method.rawValue,
                path: request.path,
                query: request.query,
                status: status,
                outcome: outcome,
                receivedAt: Timestamp(secondsSince1970: Int64(received.rounded(.down))),
                durationMilliseconds: milliseconds,
                injectedDelayMilliseconds: controls.delayMilliseconds,
                preferenceApplied: controls.preferenceApplied
            )
        )
    }

    /// The path inside its sandbox's prefix, or as sent: a prefix that names no valid sandbox is
    /// logged as it came.
    private var loggedPath: String {
        guard let sandboxName else { return request.targetPath }
        return SandboxPrefix.naming(sandboxName.rawValue) + request.path
    }

    /// Where unexpected errors go, whether or not requests are logged (`--access-log`).
    private static let errorLog = Logger(label: "counterpart.errors")

    /// Logs what made the request fail unexpectedly, once, under the id its 500 names.
    private func logUnexpected(_ cause: String) {
        Self.errorLog.error(
            "unexpected error",
            metadata: [
                "request_id": "\(request.id)",
                "method": "\(request.method.rawValue)",
                "path": "\(loggedPath)",
                "route": "\(route)",
                "error": "\(cause)",
            ]
        )
    }

    private func log(_ final: Response, milliseconds: Double) {
        accessLog?.info(
            "request",
            metadata: [
                "request_id": "\(request.id)",
                "method": "\(request.method.rawValue)",
                "path": "\(loggedPath)",
                "status": "\(final.status.code)",
                "duration_ms": "\(ServerTiming.milliseconds(milliseconds))",
            ]
        )
    }
}
