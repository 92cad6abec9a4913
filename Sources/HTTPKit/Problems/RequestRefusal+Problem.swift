import HTTPTypes

extension RequestRefusal {
    /// The problem (api.md §1.1) that answers this refusal.
    public var problem: Problem {
        switch reason {
        case .malformed:
            .malformedRequest(detail)
        case .timeout:
            Problem(status: status, slug: "request-timeout", title: "Request timeout", detail: detail)
        case .bodyTooLarge:
            .payloadTooLarge(detail)
        case .headersTooLarge:
            Problem(status: status, slug: "header-fields-too-large", title: "Header fields too large", detail: detail)
        case .methodNotImplemented:
            Problem(status: status, slug: "not-implemented", title: "Method not implemented", detail: detail)
        case .versionNotSupported:
            Problem(status: status, slug: "version-not-supported", title: "HTTP version not supported", detail: detail)
        case .connectionLimit:
            .unavailable(detail)
        }
    }

    /// The request as far as it was read, for the answer's conventions: its target when the request
    /// line was readable (so the route's problem format applies), a fresh request id.
    public var placeholderRequest: ServerRequest {
        ServerRequest(method: .get, target: target ?? "/")
    }
}
