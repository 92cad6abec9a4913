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

    /// Sends `response` unless the request was already answered.
    public func send(_ response: Response) {
        guard !exchange.isAnswered else { return }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let final = ResponseFinalizer.finalize(response, for: request, appDuration: milliseconds)
        exchange.reply(final)
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
