import HTTPKit
import HTTPTypes
import Logging

/// Counts a request against its resource's window and answers 429 once an enforced allowance is
/// spent (api.md §1.2); the answer, whatever it is, reports the window in `X-RateLimit-*`. Each
/// sandbox counts its own windows: in memory, decided on the loop at once, or — instances sharing
/// a database, for an enforced allowance — in its store, counted and decided in one round trip
/// before the request goes on. An allowance that refuses nothing is counted by each instance.
struct RateLimitStage: PipelineStage {
    /// `--trust-proxy`: the client is the last `X-Forwarded-For` entry, not the peer.
    let trustProxy: Bool

    func process(_ flow: RequestFlow, next: PipelineNext) {
        guard let resource = flow.endpoint.routes.rateLimitResource(flow.request) else { return next(flow) }
        let limiter = flow.sandbox.rateLimiter
        let client = trustProxy ? ForwardedHeaders.client(of: flow.request) : flow.request.peer
        if limiter.sharesWindows(of: resource) {
            return countShared(flow, limiter: limiter, resource: resource, client: client, next)
        }
        guard let window = limiter.window(for: resource, client: client) else { return next(flow) }
        if window.remaining == 0, limiter.limit(for: resource)?.enforced == true {
            return refuse(flow, window: window, limiter: limiter, resource: resource, client: client)
        }
        var flow = flow
        flow.responder.rateLimit = .onAnswer(limiter, resource: resource, client: client)
        next(flow)
    }

    /// Reports the window in every answer (api.md §1.2), settling the request's count.
    func respond(_ answer: Answer, next: AnswerNext) {
        guard let charge = answer.responder.rateLimit, let window = charge.settle(answering: answer.final.status) else {
            return next(answer)
        }
        var answer = answer
        answer.final.headers.append(contentsOf: RateLimiter.headers(window, resource: charge.resource))
        next(answer)
    }

    /// Counts in the shared store first. A store that cannot be reached lets the request through
    /// without a window: the limit is a courtesy, the request's own work decides whether it fails.
    private func countShared(
        _ flow: RequestFlow, limiter: RateLimiter, resource: String, client: String, _ next: PipelineNext
    ) {
        flow.responder.continueOnLoop(after: { try await limiter.count(resource, client: client) }) { result in
            switch result {
            case .success(let tally?) where tally.refused:
                refuse(flow, window: tally.window, limiter: limiter, resource: resource, client: client)
            case .success(let tally?):
                var flow = flow
                flow.responder.rateLimit = .counted(limiter, resource: resource, client: client, window: tally.window)
                next(flow)
            case .success(nil):
                next(flow)
            case .failure(let error):
                Logger(label: "counterpart.rate-limit").warning(
                    "rate-limit window not counted", metadata: ["resource": "\(resource)", "reason": "\(error)"])
                next(flow)
            }
        }
    }

    private func refuse(
        _ flow: RequestFlow, window: RateLimiter.Window, limiter: RateLimiter, resource: String, client: String
    ) {
        let retryAfter = limiter.secondsUntilReset(of: window)
        var response = Response.problem(flow.endpoint.routes.rateLimitedProblem(client: client, retryAfter: retryAfter))
        response.headers.append(contentsOf: RateLimiter.headers(window, resource: resource))
        flow.responder.send(response)
    }
}
