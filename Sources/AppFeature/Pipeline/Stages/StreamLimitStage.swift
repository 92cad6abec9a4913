import EventHTTP
import HTTPKit
import HTTPTypes

/// Admits a streamed answer (server-sent events) only under `--max-streams-per-loop` and
/// `--max-streams-per-client`, and releases its place when it ends.
///
/// Over a limit the client is answered as `EventSource` understands: a whole `200` stream holding
/// only `retry:`, which ends at once — so the browser comes back after that delay. Any other status
/// would make it give up for good.
struct StreamLimitStage: PipelineStage {
    let admission: StreamAdmission
    let limits: StreamLimits
    /// `--trust-proxy`: the client is the last `X-Forwarded-For` entry, not the peer.
    let trustProxy: Bool

    func process(_ flow: RequestFlow, next: PipelineNext) {
        guard flow.endpoint.routes.streams(flow.request) else { return next(flow) }
        let client = trustProxy ? ForwardedHeaders.client(of: flow.request) : flow.request.peer
        let exchange = flow.responder.exchange
        let loop = exchange.loop.index
        guard admission.admit(client: client, loop: loop) else {
            var refusal = Response.eventStream()
            refusal.streamsBody = false
            refusal.body = ResponseBody(ServerSentEvent.retry(after: limits.retryAfterRefusal))
            return flow.responder.send(refusal)
        }
        exchange.whenStreamEnds { [admission] in admission.release(client: client, loop: loop) }
        next(flow)
    }
}
