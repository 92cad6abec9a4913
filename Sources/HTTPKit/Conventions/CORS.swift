public import HTTPTypes

/// Cross-origin headers for browsers (api.md §1.2, "CORS").
///
/// Every response allows any origin without credentials and exposes the headers clients read;
/// a preflight on a known path answers 204 with that path's methods.
public enum CORS {
    /// The headers every response carries, built (and validated) once.
    public static let responseHeaders: [HTTPField] = [
        HTTPField(name: .accessControlAllowOrigin, value: "*"),
        HTTPField(name: .timingAllowOrigin, value: "*"),
        HTTPField(
            name: .accessControlExposeHeaders,
            value: "ETag, Link, Location, Retry-After, X-Total-Count, X-Result-Truncated, X-RateLimit-Limit, "
                + "X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Reset, X-RateLimit-Resource, "
                + "Preference-Applied, Idempotent-Replayed, Server-Timing, X-Request-Id"
        ),
    ]

    /// The answer to `OPTIONS` on a path that takes `allowed`: a CORS preflight when the request
    /// carries `Origin` and `Access-Control-Request-Method`, else a plain 204 with `Allow`.
    public static func optionsResponse(for request: ServerRequest, allowed: [HTTPRequest.Method]) -> Response {
        var methods = allowed
        if !methods.contains(.options) { methods.append(.options) }
        let list = methods.map(\.rawValue).joined(separator: ", ")
        var headers: HTTPFields = [.allow: list]
        if request.headers.combinedValue(.origin) != nil,
            request.headers.combinedValue(.accessControlRequestMethod) != nil
        {
            headers[.accessControlAllowMethods] = list
            if let requested = request.headers.combinedValue(.accessControlRequestHeaders) {
                headers[.accessControlAllowHeaders] = requested
            }
            headers[.accessControlMaxAge] = "600"
        }
        return Response(status: .noContent, headers: headers)
    }
}
