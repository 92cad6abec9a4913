import HTTPKit
import HTTPTypes

/// `OPTIONS` on a known path: a CORS preflight or a plain `Allow` list, 204 (api.md §1.2).
struct PreflightStage: PipelineStage {
    func process(_ flow: RequestFlow, next: PipelineNext) {
        guard flow.request.method == .options else { return next(flow) }
        flow.responder.send(CORS.optionsResponse(for: flow.request, allowed: MethodStage.allowed(flow.methods)))
    }

    /// Only `OPTIONS`, which a path taking it would answer itself.
    func applies(toAccepted method: HTTPRequest.Method) -> Bool { method == .options }
}
