public import EventHTTP
public import HTTPKit
import HTTPTypes
import Logging

/// Sends a request's one answer: finalized by HTTPKit's conventions, logged, written by EventHTTP.
///
/// Created per request on its loop; every path that answers — fast path, effect, error — goes
/// through `send`, so no response misses `X-Request-Id`, `Server-Timing`, CORS or the ETag check.
public struct Responder: Sendable {
    /// The request being answered.
    public let request: ServerRequest
    /// The transport's handle on it.
    public let exchange: Exchange
    let started: ContinuousClock.Instant
    let accessLog: Logger?
    let problemFormats: ProblemFormats
    /// Where the answer is counted.
    let metrics: AnswerMetrics
    /// The route template the answer is counted under (`unmatched` until routing finds one).
    var route = "unmatched"
    /// Where the answer is recorded when the request carried an `Idempotency-Key`.
    var idempotency: (store: IdempotencyStore, scope: String)?
    /// The rate limiter, resource and client (peer or forwarded) the answer counts against, if limited.
    var rateLimit: (limiter: RateLimiter, resource: String, client: String)?

    /// Sends `response` unless the request was already answered; `repositoryDuration` (ms) is the
    /// time spent waiting for effects, reported as `Server-Timing: repo;dur`.
    public func send(_ response: Response, repositoryDuration: Double = 0) {
        guard !exchange.isAnswered else { return }
        if let idempotency { idempotency.store.complete(scope: idempotency.scope, with: response) }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var final = ResponseFinalizer.finalize(
            response,
            for: request,
            appDuration: milliseconds,
            repositoryDuration: repositoryDuration,
            problemFormat: response.problem == nil ? .standard : problemFormats.format(for: request.path)
        )
        if let rateLimit {
            // 304s are not counted (api.md §1.2); every answer reports the window.
            let window =
                final.status == .notModified
                ? rateLimit.limiter.window(for: rateLimit.resource, client: rateLimit.client)
                : rateLimit.limiter.record(rateLimit.resource, client: rateLimit.client)
            if let window {
                final.headers.append(contentsOf: RateLimiter.headers(window, resource: rateLimit.resource))
            }
        }
        exchange.reply(final)
        metrics.record(route: route, method: request.method.rawValue, status: final.status.code, duration: elapsed)
        log(final, milliseconds: milliseconds)
    }

    /// Releases the request's idempotency key when it ends without an answer of its own (client
    /// gone, deadline, shutdown), and counts the 503 the HTTP layer answers it with.
    func abandon() {
        if let idempotency { idempotency.store.abandon(scope: idempotency.scope) }
        metrics.record(
            route: route,
            method: request.method.rawValue,
            status: HTTPResponse.Status.serviceUnavailable.code,
            duration: ContinuousClock.now - started
        )
    }

    private func log(_ final: Response, milliseconds: Double) {
        accessLog?.info(
            "request",
            metadata: [
                "request_id": "\(request.id)",
                "method": "\(request.method.rawValue)",
                "path": "\(request.path)",
                "status": "\(final.status.code)",
                "duration_ms": "\(ResponseFinalizer.milliseconds(milliseconds))",
            ]
        )
    }
}
