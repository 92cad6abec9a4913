public import HTTPKit
public import HTTPTypes

/// A routed request on its way through the pipeline's stages to its domain.
///
/// A value: a stage that changes what later stages or the answer see (a rate-limit window, an
/// idempotency scope, an injected delay) passes on a changed copy.
public struct RequestFlow: Sendable {
    /// The request.
    public let request: ServerRequest
    /// The domain that owns its path.
    public let endpoint: Endpoint
    /// The methods the path accepts, as the domain declared them (HEAD implied by GET).
    public let methods: [HTTPRequest.Method]
    /// The sandbox it runs in (api.md §6.4).
    public var sandbox: Sandbox
    /// Whether the request named its sandbox, by prefix or header: then its absolute URLs keep the
    /// sandbox's prefix. A flag, not the prefix itself: the flow is copied at every stage, and each
    /// copy of a string that long would be retained.
    public private(set) var namesSandbox = false
    /// Answers the request; stages record on it what the answer must carry.
    public var responder: Responder
    /// `fault=incomplete`: the domain answers from part of its data (`RouteContext.partialResults`).
    public var partialResults = false

    /// What its absolute URLs add to the base: `/sandboxes/{name}`, or nothing without a name. Set
    /// when the flow enters its sandbox: a flow answered before (a refused method in a sandbox that
    /// does not live) has none, and no stage that reads it (idempotency scopes) runs for it.
    public var urlPrefix: String { namesSandbox ? sandbox.urlPrefix : "" }

    /// Runs the flow in `sandbox`; `named`: the request named it, so its URLs carry the sandbox's
    /// prefix.
    mutating func enter(_ sandbox: Sandbox, named: Bool) {
        self.sandbox = sandbox
        namesSandbox = named
    }
}
