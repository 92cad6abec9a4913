import HTTPTypes

/// The reason phrase of a status made from a bare code (`HTTPResponse.Status(code: 429)` has
/// none): swift-http-types' standard phrase where it names the status, else its class's
/// (`Client Error` for 418), as clients only read the code.
enum ReasonPhrases {
    static func phrase(for status: HTTPResponse.Status) -> String {
        guard status.reasonPhrase.isEmpty else { return status.reasonPhrase }
        if let named = named[status.code] { return named }
        switch status.kind {
        case .informational: return "Informational"
        case .successful: return "Success"
        case .redirection: return "Redirection"
        case .clientError: return "Client Error"
        case .serverError, .invalid: return "Server Error"
        }
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
