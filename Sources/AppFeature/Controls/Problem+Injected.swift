import HTTPKit
import HTTPTypes

extension Problem {
    /// An answer made on purpose by a demo control (api.md §1.1 `injected`, §6.1), with
    /// `Retry-After: 1` on 429 and 503 so a client's retry logic has something to honour.
    static func injected(status code: Int, cause: String) -> Problem {
        let status = standardStatuses.first { $0.code == code } ?? HTTPResponse.Status(code: code)
        return Problem(
            status: status,
            slug: "injected",
            title: "Injected failure",
            detail: "Counterpart answered \(code) on purpose: \(cause). Nothing was read or changed.",
            headers: code == 429 || code == 503 ? [.retryAfter: "1"] : [:]
        )
    }

    /// The 4xx and 5xx statuses swift-http-types names, so an injected one keeps its reason phrase
    /// (libevent's own table stops at 417).
    private static let standardStatuses: [HTTPResponse.Status] = [
        .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .notAcceptable,
        .proxyAuthenticationRequired, .requestTimeout, .conflict, .gone, .lengthRequired, .preconditionFailed,
        .contentTooLarge, .uriTooLong, .unsupportedMediaType, .rangeNotSatisfiable, .expectationFailed,
        .misdirectedRequest, .unprocessableContent, .tooEarly, .upgradeRequired, .preconditionRequired,
        .tooManyRequests, .requestHeaderFieldsTooLarge, .unavailableForLegalReasons, .internalServerError,
        .notImplemented, .badGateway, .serviceUnavailable, .gatewayTimeout, .httpVersionNotSupported,
        .networkAuthenticationRequired,
    ]
}
