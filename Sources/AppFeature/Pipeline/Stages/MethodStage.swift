import HTTPKit
import HTTPTypes

/// 405 with `Allow` for a method the path does not take; HEAD is accepted wherever GET is.
struct MethodStage: PipelineStage {
    func process(_ flow: RequestFlow, next: PipelineNext) {
        let method = flow.request.method == .head ? .get : flow.request.method
        guard flow.methods.contains(method) else {
            // The Allow list is only built for the answers that show it.
            let allowed = Self.allowed(flow.methods) + [.options]
            return flow.responder.send(
                .problem(.methodNotAllowed(flow.request.method, path: flow.request.path, allowed: allowed)))
        }
        next(flow)
    }

    /// Never: it answers only the methods a path refuses.
    func applies(toAccepted method: HTTPRequest.Method) -> Bool { false }

    /// The methods a path with `methods` answers, HEAD included wherever GET is.
    static func allowed(_ methods: [HTTPRequest.Method]) -> [HTTPRequest.Method] {
        methods.contains(.get) ? methods + [.head] : methods
    }
}
