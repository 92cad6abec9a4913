import HTTPTypes

/// The reason phrase of a status made from a bare code (`HTTPResponse.Status(code: 429)` has
/// none): swift-http-types' standard phrase where it names the status; `nil` for a code it does
/// not name (the status line then says `Unknown`; clients read the code).
enum ReasonPhrases {
    static func phrase(for status: HTTPResponse.Status) -> String? {
        guard status.reasonPhrase.isEmpty else { return status.reasonPhrase }
        return named[status.code]
    }

    private static let named: [Int: String] = Dictionary(
        uniqueKeysWithValues: [
            HTTPResponse.Status.badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .notAcceptable,
            .proxyAuthenticationRequired, .requestTimeout, .conflict, .gone, .lengthRequired, .preconditionFailed,
            .contentTooLarge, .uriTooLong, .unsupportedMediaType, .rangeNotSatisfiable, .expectationFailed,
            .misdirectedRequest, .unprocessableContent, .tooEarly, .upgradeRequired, .preconditionRequired,
            .tooManyRequests, .requestHeaderFieldsTooLarge, .unavailableForLegalReasons, .internalServerError,
            .notImplemented, .badGateway, .serviceUnavailable, .gatewayTimeout, .httpVersionNotSupported,
            .networkAuthenticationRequired,
        ].map { ($0.code, $0.reasonPhrase) })
}
