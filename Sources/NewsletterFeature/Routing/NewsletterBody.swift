import EmailRule
import HTTPKit
import HTTPTypes

/// Reads a newsletter request body sent as JSON or as an HTML form (api.md §4.1–§4.2): a form is
/// turned into string members, so both go through the same `BodyReader` checks and errors.
enum NewsletterBody {
    /// The media types the newsletter's POST routes read (`Accept-Post` on a 415).
    static let accepted = ["application/json", "application/x-www-form-urlencoded"]

    /// The body's members; JSON unless it is a form that does not start like JSON (the
    /// compatibility rule of api.md §1).
    static func reader(for request: ServerRequest) throws(RouteError) -> BodyReader {
        let type = request.headers.combinedValue(.contentType).map(JSONBody.mediaEssence)
        let firstByte = request.body.first { ![9, 10, 13, 32].contains($0) }
        let looksLikeJSON = firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[")
        guard type == "application/x-www-form-urlencoded", !looksLikeJSON else {
            return try BodyReader(request, accepting: accepted)
        }
        guard request.body.count <= JSONBody.defaultLimit else {
            throw RouteError(.payloadTooLarge(size: request.body.count, limit: JSONBody.defaultLimit))
        }
        let form = QueryParameters(String(decoding: request.body, as: UTF8.self))
        // A blank form field was left empty, not given as "".
        let members = form.pairs.filter { !$0.value.isEmpty }.map { ($0.name, JSONValue.string($0.value)) }
        return BodyReader(members: Dictionary(members) { _, last in last })
    }

    /// `{"email", "name"}` of a sign-up: the email rule's reason and message for a bad address
    /// (api.md §4.4), `too_long` for a name over 100 characters.
    static func signup(_ request: ServerRequest) throws(RouteError) -> (EmailAddress, name: String?) {
        var body = try reader(for: request)
        let email = body.string("email", required: true)
        let name = body.string("name", maxCharacters: 100)
        var address: EmailAddress?
        if let email {
            switch EmailRule.validate(email) {
            case .success(let valid): address = valid
            case .failure(let rejection):
                body.fail(FieldError(field: "email", code: rejection.reason.rawValue, detail: rejection.message))
            }
        }
        try body.validated()
        guard let address else { throw RouteError(.validationFailed(body.errors)) }
        return (address, name)
    }

    /// The `token` of a confirmation; `nil` when it is not a token (answered 404).
    static func token(_ request: ServerRequest) throws(RouteError) -> NewsletterToken? {
        var body = try reader(for: request)
        let text = body.string("token", required: true)
        try body.validated()
        return text.flatMap { NewsletterToken(parsing: $0) }
    }
}
