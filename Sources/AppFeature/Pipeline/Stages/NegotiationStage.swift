import HTTPKit
import HTTPTypes

/// 406 when `Accept` rules out every type the path offers (api.md §1.2).
///
/// Not on the GitHub-compatible routes, which answer whatever `Accept` says, as GitHub does; and
/// not on DELETE, which answers 204 without a body (a client generated from /openapi.json asks only
/// for problem+json there), so nothing it answers can be unacceptable.
struct NegotiationStage: PipelineStage {
    func process(_ flow: RequestFlow, next: PipelineNext) {
        let request = flow.request
        guard request.method != .delete, let accept = request.headers.combinedValue(.accept),
            flow.endpoint.routes.problemFormat(for: request.path) == nil
        else { return next(flow) }
        let offered = flow.endpoint.routes.offeredTypes(for: request.path)
        guard ContentNegotiation.choose(from: offered, accept: accept) != nil else {
            return flow.responder.send(.problem(.notAcceptable(accept: accept, offered: offered)))
        }
        next(flow)
    }
}
