public import HTTPKit

/// What the HTTP layer calls for every request it accepts.
///
/// `handle` runs on the accepting loop's thread, inside libevent's callback. It either answers at
/// once with `exchange.reply(_:)` (the fast path: no job, timer or watcher) or calls
/// `exchange.awaitResponse(onCancel:)` and replies later from the same loop.
///
/// ```swift
/// struct Hello: HTTPHandler {
///     func handle(_ request: ServerRequest, exchange: Exchange) {
///         exchange.reply(Response(status: .ok, body: ResponseBody(Array("hi".utf8))))
///     }
/// }
/// ```
public protocol HTTPHandler: Sendable {
    /// Handles `request`; must lead to exactly one `exchange.reply(_:)`.
    func handle(_ request: ServerRequest, exchange: Exchange)

    /// Whether `request` is exempt from `--max-in-flight` (health checks and metrics, api.md §6.3:
    /// an orchestrator must not kill a healthy, merely busy instance); by default nothing is.
    func bypassesInFlightLimit(_ request: ServerRequest) -> Bool

    /// The answer to a request the HTTP layer refused before parsing it (`RequestRefusal`: bad
    /// framing, a timeout, a limit); the connection is closed after it. By default the refusal's
    /// problem in the standard format.
    func refusalResponse(_ refusal: RequestRefusal) -> Response

    /// The answer while the server drains (architecture.md §2.6); by default a 503 problem.
    func drainingResponse(to request: ServerRequest) -> Response

    /// The answer when a request is refused before handling (`reason`: overload, shutdown), and to
    /// one cut off while it waited without a cancel hook to answer it; by default a 503 problem
    /// naming the reason.
    func unavailableResponse(to request: ServerRequest, reason: CancellationReason) -> Response
}

extension HTTPHandler {
    public func bypassesInFlightLimit(_ request: ServerRequest) -> Bool { false }

    public func refusalResponse(_ refusal: RequestRefusal) -> Response {
        ResponseFinalizer.finalize(.problem(refusal.problem), for: refusal.placeholderRequest, appDuration: 0)
    }

    public func drainingResponse(to request: ServerRequest) -> Response {
        unavailableResponse(to: request, reason: .shutdown)
    }

    public func unavailableResponse(to request: ServerRequest, reason: CancellationReason) -> Response {
        ResponseFinalizer.finalize(.problem(.unavailable(reason.detail)), for: request, appDuration: 0)
    }
}
