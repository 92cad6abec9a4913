import Foundation
import HTTPTypes

/// Reads a JSON request body into a `Decodable` payload, with api.md's status for every failure.
///
/// api.md §1 ("Request bodies"): over the route's limit → 413; a `Content-Type` that is neither JSON
/// nor covered by the compatibility rule → 415; bytes that are not JSON → 400; JSON of the wrong
/// shape → 422 with `errors[]` naming the member. The compatibility rule reads a body with no type, or
/// labelled `application/x-www-form-urlencoded` (URLSession's default), as JSON when its first
/// non-blank byte is `{` or `[`.
public enum JSONBody {
    /// The per-route body limit when a route declares none (api.md §1.2).
    public static let defaultLimit = 64 * 1024

    /// Decodes `type` from `request`'s body.
    public static func decode<Payload: Decodable>(
        _ type: Payload.Type,
        from request: ServerRequest,
        limit: Int = defaultLimit,
        accepting accepted: [String] = ["application/json"]
    ) throws(RouteError) -> Payload {
        guard request.body.count <= limit else {
            throw RouteError(.payloadTooLarge(size: request.body.count, limit: limit))
        }
        try checkContentType(of: request, accepted: accepted)
        do {
            return try decoder.decode(Payload.self, from: Data(request.body))
        } catch let error as DecodingError {
            throw RouteError(problem(for: error))
        } catch {
            throw RouteError(.malformedRequest("The body is not valid JSON.", errors: [bodyError]))
        }
    }

    /// The body as a `JSONValue` (what `BodyReader` reads members from), parsed by `JSONParser`.
    public static func value(
        from request: ServerRequest,
        limit: Int = defaultLimit,
        accepting accepted: [String] = ["application/json"]
    ) throws(RouteError) -> JSONValue {
        guard request.body.count <= limit else {
            throw RouteError(.payloadTooLarge(size: request.body.count, limit: limit))
        }
        try checkContentType(of: request, accepted: accepted)
        guard let value = JSONParser.parse(request.body) else {
            throw RouteError(.malformedRequest("The body is not valid JSON.", errors: [bodyError]))
        }
        return value
    }

    private static let decoder = JSONDecoder()
    private static let bodyError = FieldError(field: "body", code: "invalid", detail: "The body must be JSON.")

    static func checkContentType(of request: ServerRequest, accepted: [String]) throws(RouteError) {
        let declared = request.headers.combinedValue(.contentType)
        let essence = declared.map { mediaEssence($0) } ?? ""
        if accepted.contains(essence) || essence.hasSuffix("+json") { return }
        let looksLikeJSON =
            request.body.first { ![9, 10, 13, 32].contains($0) }.map {
                $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")
            } ?? false
        if (essence.isEmpty || essence == "application/x-www-form-urlencoded") && looksLikeJSON { return }
        throw RouteError(.unsupportedMediaType(declared ?? "(none)", method: request.method, accepted: accepted))
    }

    /// `type/subtype` in lowercase, parameters dropped.
    public static func mediaEssence(_ header: String) -> String {
        (header.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces } ?? "").lowercased()
    }

    static func problem(for error: DecodingError) -> Problem {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .malformedRequest("The body is not valid JSON.", errors: [bodyError])
        case .dataCorrupted(let context):
            return .validationFailed([
                FieldError(field: path(context.codingPath), code: "invalid", detail: context.debugDescription)
            ])
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return .validationFailed([FieldError(field: field, code: "missing", detail: "\(field) is required.")])
        case .valueNotFound(let expected, let context):
            let field = path(context.codingPath)
            return .validationFailed([
                FieldError(field: field, code: "type", detail: "\(field) must be \(describe(expected)), not null.")
            ])
        case .typeMismatch(let expected, let context):
            let field = path(context.codingPath)
            return .validationFailed([
                FieldError(field: field, code: "type", detail: "\(field) must be \(describe(expected)).")
            ])
        @unknown default:
            return .validationFailed([
                FieldError(field: "body", code: "invalid", detail: "The body does not have the expected shape.")
            ])
        }
    }

    /// `ids[3].name` for a coding path; `body` for the root.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "body" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is Double.Type: "a number"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
