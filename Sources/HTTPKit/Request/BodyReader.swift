public import Foundation

/// Reads the members of a JSON object body, collecting every field error (api.md §1, §2).
///
/// Each accessor returns the member's value, or `nil` when it is absent, `null`, or invalid — in the
/// last case (and when a required member is missing) it records a `FieldError` with api.md's code:
/// `missing`, `type`, `invalid`, `too_long`, `out_of_range`. `validated()` then throws 422 with all
/// of them. Unknown members are ignored.
public struct BodyReader {
    private let members: [String: JSONValue]
    private var prefix = ""
    /// The field errors found so far.
    public private(set) var errors: [FieldError] = []

    /// What every PATCH route reads, in the order its 415's `Accept-Patch` lists them (api.md §1):
    /// a JSON merge patch (RFC 7396), or the same object labelled plain JSON.
    public static let patchTypes = ["application/merge-patch+json", "application/json"]

    /// Reads `request`'s body as a JSON object (400/413/415 as `JSONBody` decides; 422 if not an object).
    public init(
        _ request: ServerRequest, limit: Int = JSONBody.defaultLimit, accepting: [String] = ["application/json"]
    )
        throws(RouteError)
    {
        let value = try JSONBody.value(from: request, limit: limit, accepting: accepting)
        guard case .object(let members) = value else {
            throw RouteError(
                .validationFailed([
                    FieldError(
                        field: "body", code: "type", detail: "The body must be a JSON object, not \(value.typeName).")
                ])
            )
        }
        self.members = members
    }

    /// Reads members of an object already decoded (one element of an imported array, say); errors
    /// name their fields with `prefix` in front (`[3].createdAt`).
    public init(members: [String: JSONValue], prefix: String = "") {
        self.members = members
        self.prefix = prefix
    }

    /// Whether `name` is present with the value `null`.
    public func isNull(_ name: String) -> Bool { members[name] == .null }

    /// A string member of at most `maxCharacters` characters, without U+0000: JSON can carry it,
    /// but PostgreSQL's text cannot, and every profile must answer alike.
    public mutating func string(_ name: String, required: Bool = false, maxCharacters: Int? = nil) -> String? {
        guard let value = present(name, required: required) else { return nil }
        guard case .string(let text) = value else { return mismatch(name, expected: "a string", got: value) }
        if text.utf8.contains(0) {
            fail(
                FieldError(
                    field: name, code: "invalid",
                    detail: "\(name) must not contain the NUL character (U+0000), which the database cannot store."))
            return nil
        }
        if let maxCharacters, text.count > maxCharacters {
            fail(
                FieldError(
                    field: name,
                    code: "too_long",
                    detail: "\(name) is longer than \(groupedThousands(maxCharacters)) characters."
                )
            )
            return nil
        }
        return text
    }

    /// A boolean member.
    public mutating func bool(_ name: String, required: Bool = false) -> Bool? {
        guard let value = present(name, required: required) else { return nil }
        guard case .bool(let flag) = value else { return mismatch(name, expected: "a boolean", got: value) }
        return flag
    }

    /// An integral number member within `range`.
    public mutating func integer(_ name: String, required: Bool = false, in range: ClosedRange<Int>) -> Int? {
        guard let value = present(name, required: required) else { return nil }
        guard case .number(let number) = value else { return mismatch(name, expected: "an integer", got: value) }
        guard number.rounded() == number, abs(number) < 1e15 else {
            fail(FieldError(field: name, code: "invalid", detail: "\(name) must be a whole number."))
            return nil
        }
        guard range.contains(Int(number)) else {
            fail(
                FieldError(
                    field: name,
                    code: "out_of_range",
                    detail: "\(name) must be between \(range.lowerBound) and \(range.upperBound)."
                )
            )
            return nil
        }
        return Int(number)
    }

    /// A number member within `range` (fractions allowed).
    public mutating func number(_ name: String, required: Bool = false, in range: ClosedRange<Double>) -> Double? {
        guard let value = present(name, required: required) else { return nil }
        guard case .number(let number) = value else { return mismatch(name, expected: "a number", got: value) }
        guard range.contains(number) else {
            fail(
                FieldError(
                    field: name, code: "out_of_range",
                    detail: "\(name) must be between \(range.lowerBound) and \(range.upperBound).")
            )
            return nil
        }
        return number
    }

    /// An object member, read by a reader whose errors name its fields `name.field`.
    public mutating func object(_ name: String, required: Bool = false) -> BodyReader? {
        guard let value = present(name, required: required) else { return nil }
        guard case .object(let members) = value else { return mismatch(name, expected: "an object", got: value) }
        return BodyReader(members: members, prefix: prefix + name + ".")
    }

    /// Adds the errors `nested` (from `object(_:)`) found to this reader's.
    public mutating func collect(_ nested: BodyReader) {
        errors += nested.errors
    }

    /// An RFC 3339 date member, truncated to the second.
    public mutating func timestamp(_ name: String, required: Bool = false) -> Timestamp? {
        guard let value = present(name, required: required) else { return nil }
        guard case .string(let text) = value else {
            return mismatch(name, expected: "an RFC 3339 date string", got: value)
        }
        guard let time = Timestamp(rfc3339: text) else {
            fail(
                FieldError(
                    field: name, code: "invalid", detail: "\(name) must be an RFC 3339 date like 2026-01-01T09:30:00Z.")
            )
            return nil
        }
        return time
    }

    /// A UUID member (any case, 8-4-4-4-12).
    public mutating func uuid(_ name: String, required: Bool = false) -> UUID? {
        guard let value = present(name, required: required) else { return nil }
        guard case .string(let text) = value else { return mismatch(name, expected: "a UUID string", got: value) }
        guard let id = UUID(strict: text) else {
            fail(
                FieldError(field: name, code: "invalid", detail: "\(name) must be a UUID like 8-4-4-4-12 hex digits."))
            return nil
        }
        return id
    }

    /// An array of UUIDs, each element's error naming its index (`ids[3]`).
    public mutating func uuids(_ name: String, required: Bool = false) -> [UUID]? {
        guard let value = present(name, required: required) else { return nil }
        guard case .array(let elements) = value else {
            return mismatch(name, expected: "an array of UUIDs", got: value)
        }
        var ids: [UUID] = []
        let errorsBefore = errors.count
        for (index, element) in elements.enumerated() {
            if case .string(let text) = element, let id = UUID(strict: text) {
                ids.append(id)
            } else {
                fail(
                    FieldError(field: "\(name)[\(index)]", code: "invalid", detail: "\(name)[\(index)] must be a UUID.")
                )
            }
        }
        return errors.count == errorsBefore ? ids : nil
    }

    /// Records a custom field error.
    public mutating func fail(_ error: FieldError) {
        var error = error
        error.field = prefix + error.field
        errors.append(error)
    }

    /// Throws 422 `validation-failed` with every recorded error, if any.
    public func validated() throws(RouteError) {
        guard errors.isEmpty else { throw RouteError(.validationFailed(errors)) }
    }

    private mutating func present(_ name: String, required: Bool) -> JSONValue? {
        guard let value = members[name], value != .null else {
            if required {
                fail(FieldError(field: name, code: "missing", detail: "\(name) is required."))
            }
            return nil
        }
        return value
    }

    private mutating func mismatch<T>(_ name: String, expected: String, got value: JSONValue) -> T? {
        fail(FieldError(field: name, code: "type", detail: "\(name) must be \(expected), not \(value.typeName)."))
        return nil
    }
}

/// `1000` as `1,000`, as api.md writes limits.
func groupedThousands(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
}
