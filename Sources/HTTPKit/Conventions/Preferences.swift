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
            for element in Self.elements(of: field) {
                add(element)
            }
        }
    }

    /// The value of preference `name` (lowercase): `.some(nil)` when it was given without a value.
    public subscript(name: String) -> String?? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        return .some(entry.value)
    }

    private mutating func add(_ element: Substring) {
        let preference = element.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = preference.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingWhitespace.lowercased()
        guard Self.isToken(name), !entries.contains(where: { $0.name == name }) else { return }
        guard parts.count == 2 else {
            entries.append((name, nil))
            return
        }
        guard let value = Self.word(parts[1].trimmingWhitespace) else { return }
        entries.append((name, value))
    }

    /// The comma-separated elements of one field value, commas inside quoted strings kept.
    private static func elements(of field: String) -> [Substring] {
        var elements: [Substring] = []
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
                elements.append(field[start..<index])
                start = field.index(after: index)
            }
        }
        elements.append(field[start...])
        return elements.filter { !$0.trimmingWhitespace.isEmpty }
    }

    /// A token, or the content of a quoted string with its escapes removed; `nil` for anything else.
    private static func word(_ text: Substring) -> String? {
        guard text.first == "\"" else { return isToken(text) ? String(text) : nil }
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

    /// RFC 9110 §5.6.2's `token`: one or more of the visible characters that are not delimiters.
    private static func isToken(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
                }
            }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0 == $1 }
    }
}

extension Substring {
    /// Without the optional whitespace (spaces and tabs) HTTP allows around list elements.
    fileprivate var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
