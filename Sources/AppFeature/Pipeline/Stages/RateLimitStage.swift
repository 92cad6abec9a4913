import HTTPKit
import HTTPTypes

/// Counts a request against its resource's window and answers 429 once an enforced allowance is
/// spent (api.md §1.2); the answer, whatever it is, reports the window in `X-RateLimit-*`. Each
/// sandbox counts its own windows.
struct RateLimitStage: PipelineStage {
    /// `--trust-proxy`: the client is the last `X-Forwarded-For` entry, not the peer.
    let trustProxy: Bool

    func process(_ flow: RequestFlow, next: PipelineNext) {
        guard let resource = flow.endpoint.rateLimitResource(flow.request) else { return next(flow) }
        let limiter = flow.sandbox.rateLimiter
        let client = trustProxy ? ForwardedHeaders.client(of: flow.request) : flow.request.peer
        guard let window = limiter.window(for: resource, client: client) else { return next(flow) }
        if window.remaining == 0, limiter.limit(for: resource)?.enforced == true {
            let retryAfter = limiter.secondsUntilReset(of: window)
            var response = Response.problem(flow.endpoint.rateLimitedProblem(client: client, retryAfter: retryAfter))
            response.headers.append(contentsOf: RateLimiter.headers(window, resource: resource))
            return flow.responder.send(response)
        }
        var flow = flow
        flow.responder.rateLimit = (limiter, resource, client)
        next(flow)
    }
}
