public import HTTPTypes

/// The preferences of a request's `Prefer` fields (RFC 7240), as names and values.
///
/// `Prefer: delay=800, fail=2; ignored=param` holds two preferences. Names are case-insensitive
/// (kept lowercased); a value may be a token or a quoted string; parameters after `;` are dropped,
/// since no preference Counterpart honours has any. A preference given twice counts once, the first
/// time (RFC 7240 §2); an element that is not `token [= value]` is skipped, never an error, because
/// a server must ignore preferences it cannot understand.
public struct Preferences: Sendable, Equatable {
    /// Each preference in order of appearance, first occurrence only.
    public private(set) var entries: [(name: String, value: String?)] = []

    /// Reads every `Prefer` field of `headers`.
    public init(_ headers: HTTPFields) {
        for field in headers[values: .prefer] {
            Self.forEachElement(of: field) { add($0) }
        }
    }

    /// The value of preference `name` (lowercase): `.some(nil)` when it was given without a value.
    public subscript(name: String) -> String?? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        return .some(entry.value)
    }

    private mutating func add(_ element: Substring) {
        let preference = element.prefix { $0 != ";" }
        let equals = preference.firstIndex(of: "=")
        let name = preference[..<(equals ?? preference.endIndex)].trimmingSpaces.lowercased()
        guard HTTPToken.isValid(name), !entries.contains(where: { $0.name == name }) else { return }
        guard let equals else {
            entries.append((name, nil))
            return
        }
        guard let value = Self.word(Substring(preference[preference.index(after: equals)...].trimmingSpaces)) else {
            return
        }
        entries.append((name, value))
    }

    /// Calls `body` with each non-empty comma-separated element of one field value, commas inside
    /// quoted strings kept, without collecting them first.
    private static func forEachElement(of field: String, _ body: (Substring) -> Void) {
        func visit(_ element: Substring) {
            if !element.trimmingSpaces.isEmpty { body(element) }
        }
        var start = field.startIndex
        var quoted = false
        var escaped = false
        for index in field.indices {
            let character = field[index]
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                visit(field[start..<index])
                start = field.index(after: index)
            }
        }
        visit(field[start...])
    }

    /// A token, or the content of a quoted string with its escapes removed; `nil` for anything else.
    private static func word(_ text: Substring) -> String? {
        guard text.first == "\"" else { return HTTPToken.isValid(text) ? String(text) : nil }
        guard text.count >= 2, text.last == "\"" else { return nil }
        var value = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                value.append(character)
            }
        }
        return escaped ? nil : value
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0 == $1 }
    }
}
