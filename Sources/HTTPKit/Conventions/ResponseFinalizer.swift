import HTTPTypes

/// Applies the conventions every response shares, once, after a feature has answered.
///
/// api.md §1.2: a 200 `GET` gets a strong `ETag` when it has none, and `If-None-Match` turns it into
/// a bodiless 304; every response carries `X-Request-Id`, `Server-Timing`, the CORS headers and a
/// `Cache-Control` (`no-store` unless the feature chose one); problems are written in the route's
/// `ProblemFormat` with their `instance`. Features therefore only decide *what* to answer.
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
            response.body = ResponseBody(problem.body(requestID: request.id, format: problemFormat))
            response.headers[.contentType] = problemFormat.contentType
            response.problem = nil
        }
        let isRead = request.method == .get || request.method == .head
        if isRead, response.status == .ok, !response.streamsBody {
            let tag: String
            if let existing = response.headers.firstValue(.eTag) {
                tag = existing
            } else {
                tag = response.body.withUnsafeBytes(EntityTag.strong(for:))
                response.headers.append(HTTPField(name: .eTag, value: tag))
            }
            if let condition = request.headers[.ifNoneMatch], EntityTag.noneMatchFails(condition, tag: tag) {
                response = notModified(response)
            }
        }
        response.headers.reserveCapacity(response.headers.count + Self.addedFieldCount)
        // Appended, not set: the field is absent, and features never set the others, so
        // HTTPFields need not search for one to replace.
        if !response.headers.contains(.cacheControl) { response.headers.append(Self.noStore) }
        let timing = ServerTiming.value(app: appDuration, repository: repositoryDuration, delay: delayDuration)
        response.headers.append(HTTPField(name: .xRequestID, value: request.id))
        response.headers.append(HTTPField(name: .serverTiming, value: timing))
        // One by one: `append(contentsOf:)` inserts through the generic collection path.
        for field in CORS.responseHeaders { response.headers.append(field) }
        return response
    }

    /// The most fields `finalize` adds: `ETag`, `Cache-Control`, `X-Request-Id`, `Server-Timing`
    /// and the CORS fields.
    static let addedFieldCount = 4 + CORS.responseHeaders.count

    /// `Cache-Control: no-store`, built (and validated) once.
    private static let noStore = HTTPField(name: .cacheControl, value: "no-store")

    /// A 304 keeping only the validators and caching headers of `response` (RFC 9110 §15.4.5).
    static func notModified(_ response: Response) -> Response {
        var headers = HTTPFields()
        for name in [HTTPField.Name.eTag, .cacheControl, .vary] {
            if let value = response.headers[name] { headers[name] = value }
        }
        return Response(status: .notModified, headers: headers)
    }
}
