import HTTPTypes

/// Applies the conventions every response shares, once, after a feature has answered.
///
/// api.md §1.2: a 200 `GET` gets a strong `ETag` when it has none, and `If-None-Match` turns it into
/// a bodiless 304; every response carries `X-Request-Id`, `Server-Timing`, the CORS headers and a
/// `Cache-Control` (`no-store` unless the feature chose one) — as `ConventionFields`, which the
/// connection writes — and problems are written in the route's `ProblemFormat` with their
/// `instance`. Features therefore only decide *what* to answer.
public enum ResponseFinalizer {
    /// The final form of `response` to `request`. `appDuration`, `repositoryDuration` and
    /// `delayDuration` (injected by the demo controls; shown only when non-zero) are milliseconds
    /// for `Server-Timing`; a problem is written in `problemFormat`.
    public static func finalize(
        _ response: Response,
        for request: ServerRequest,
        appDuration: Double,
        repositoryDuration: Double = 0,
        delayDuration: Double = 0,
        problemFormat: ProblemFormat = .standard
    ) -> Response {
        var response = response
        if let problem = response.problem {
            response.body = ResponseBody(problem.body(requestID: request.id.description, format: problemFormat))
            response.headers[.contentType] = problemFormat.contentType
            response.problem = nil
        }
        var computedTag: String?
        let isRead = request.method == .get || request.method == .head
        if isRead, response.status == .ok, !response.streamsBody {
            let tag: String
            if let existing = response.headers.firstValue(.eTag) {
                tag = existing
            } else {
                tag = response.body.withUnsafeBytes(EntityTag.strong(for:))
                computedTag = tag
            }
            if let condition = request.headers.combinedValue(.ifNoneMatch),
                EntityTag.noneMatchFails(condition, tag: tag)
            {
                response = notModified(response)
            }
        }
        response.conventions = ConventionFields(
            requestID: request.id,
            serverTiming: ServerTiming(app: appDuration, repository: repositoryDuration, delay: delayDuration),
            entityTag: computedTag,
            noStore: !response.headers.contains(.cacheControl))
        return response
    }

    /// A 304 keeping only the validators and caching headers of `response` (RFC 9110 §15.4.5).
    static func notModified(_ response: Response) -> Response {
        var headers = HTTPFields()
        for name in [HTTPField.Name.eTag, .cacheControl, .vary] {
            if let value = response.headers[name] { headers[name] = value }
        }
        return Response(status: .notModified, headers: headers)
    }
}
