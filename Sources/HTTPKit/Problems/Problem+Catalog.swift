public import HTTPTypes

/// The problems api.md §1.1 defines, each with its fixed slug, title and status.
extension Problem {
    /// 400: the request is syntactically wrong (bad JSON, bad query parameter, bad header).
    public static func malformedRequest(_ detail: String, errors: [FieldError] = []) -> Self {
        Self(status: .badRequest, slug: "malformed-request", title: "Malformed request", detail: detail, errors: errors)
    }

    /// 404: no route has this path, or the addressed item does not exist.
    public static func notFound(_ detail: String) -> Self {
        Self(status: .notFound, slug: "not-found", title: "Not found", detail: detail)
    }

    /// 405 with `Allow`: the path exists but does not take this method.
    public static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method])
        -> Self
    {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return Self(
            status: .methodNotAllowed,
            slug: "method-not-allowed",
            title: "Method not allowed",
            detail: "\(path) does not accept \(method.rawValue); it accepts \(list).",
            headers: [.allow: list]
        )
    }

    /// 406: nothing in `Accept` is a type this route can produce.
    public static func notAcceptable(accept: String, offered: [String]) -> Self {
        Self(
            status: .notAcceptable,
            slug: "not-acceptable",
            title: "Not acceptable",
            detail:
                "Accept: \(accept) matches nothing this route produces; it offers \(offered.joined(separator: ", "))."
        )
    }

    /// 413: the body is larger than this route accepts.
    public static func payloadTooLarge(size: Int, limit: Int) -> Self {
        payloadTooLarge("The body has \(size) bytes; this route accepts at most \(limit).")
    }

    /// 413 with `detail` (the HTTP layer's ceiling, refused before the body is read).
    public static func payloadTooLarge(_ detail: String) -> Self {
        Self(status: .contentTooLarge, slug: "payload-too-large", title: "Payload too large", detail: detail)
    }

    /// 415 with `Accept-Post`/`Accept-Patch`: the body's `Content-Type` is not one this route reads.
    public static func unsupportedMediaType(_ contentType: String, method: HTTPRequest.Method, accepted: [String])
        -> Self
    {
        let list = accepted.joined(separator: ", ")
        let header: HTTPField.Name = method == .patch ? .acceptPatch : .acceptPost
        return Self(
            status: .unsupportedMediaType,
            slug: "unsupported-media-type",
            title: "Unsupported media type",
            detail: "Content-Type: \(contentType) is not accepted here; send \(list).",
            headers: [header: list]
        )
    }

    /// 409: the request conflicts with the current state (store full, idempotent twin in flight).
    public static func conflict(_ detail: String, headers: HTTPFields = [:]) -> Self {
        Self(status: .conflict, slug: "conflict", title: "Conflict", detail: detail, headers: headers)
    }

    /// 422: the body is JSON but not what the route needs.
    public static func validationFailed(_ errors: [FieldError]) -> Self {
        let noun = errors.count == 1 ? "member" : "members"
        return Self(
            status: .unprocessableContent,
            slug: "validation-failed",
            title: "Validation failed",
            detail: "The body has \(errors.count) invalid \(noun).",
            errors: errors
        )
    }

    /// 429 with `Retry-After`: the client used up its allowance for the current window.
    public static func rateLimited(client: String, retryAfter: Int) -> Self {
        let seconds = max(1, retryAfter)
        return Self(
            status: .tooManyRequests,
            slug: "rate-limited",
            title: "Rate limited",
            detail: "\(client) has used every request this window allows; retry in \(seconds) seconds.",
            headers: [.retryAfter: String(seconds)]
        )
    }

    /// 500: something unexpected failed. The detail never carries internals; `cause` says what
    /// failed, and the responder logs it under the request id.
    public static func internalError(cause: String) -> Self {
        var problem = Self(
            status: .internalServerError,
            slug: "internal-error",
            title: "Internal error",
            detail:
                "The server failed unexpectedly while handling this request; it has been logged under its request id."
        )
        problem.cause = cause
        return problem
    }

    /// The problem answering `error`: its own when it is a `ProblemError`, else an internal error
    /// caused by it.
    public static func answering(_ error: any Error) -> Self {
        (error as? any ProblemError)?.problem ?? .internalError(cause: String(reflecting: error))
    }

    /// 503 with `Retry-After: 1`: draining, past the request deadline, over the in-flight cap, or a
    /// database that could not serve the request — whose `cause` (which limit ran out, what the
    /// engine said) the log shows an operator, throttled, while the client is only told to retry.
    public static func unavailable(_ detail: String, cause: String? = nil) -> Self {
        var problem = Self(
            status: .serviceUnavailable,
            slug: "unavailable",
            title: "Service unavailable",
            detail: detail,
            headers: [.retryAfter: "1"]
        )
        problem.cause = cause
        return problem
    }
}
