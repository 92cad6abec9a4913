import Foundation
import HTTPKit

/// The part of JSON Schema (OpenAPI 3.0 flavour) that GitHub's REST description uses for search
/// answers: types, `nullable`, `required`, `format: date-time` and `format: uri`, arrays, objects.
///
/// A test states a published schema in these terms and checks real answers against it, so a
/// member GitHub requires cannot go missing, change type or turn `null` without a failure naming it.
indirect enum JSONShape: Sendable {
    case integer
    case number
    case boolean
    case string(StringFormat = .plain)
    case array(JSONShape)
    case object([String: Member])
    /// The value, or `null` (OpenAPI's `nullable: true`).
    case nullable(JSONShape)

    /// A string's `format`.
    enum StringFormat: Sendable {
        case plain
        /// RFC 3339 `date-time`.
        case dateTime
        /// An absolute URI.
        case uri
    }

    /// An object member: its shape and whether the schema lists it in `required`.
    struct Member: Sendable {
        let shape: JSONShape
        let isRequired: Bool

        static func required(_ shape: JSONShape) -> Member { Member(shape: shape, isRequired: true) }
        static func optional(_ shape: JSONShape) -> Member { Member(shape: shape, isRequired: false) }
    }

    /// Every way `value` departs from this shape, each as "path: what is wrong".
    func violations(of value: JSONValue, at path: String = "$") -> [String] {
        switch (self, value) {
        case (.nullable, .null): return []
        case (.nullable(let shape), _): return shape.violations(of: value, at: path)
        case (.integer, .number(let number)) where number == number.rounded(): return []
        case (.number, .number), (.boolean, .bool): return []
        case (.string(let format), .string(let text)):
            return format.accepts(text) ? [] : ["\(path): \"\(text)\" is not a \(format)"]
        case (.array(let element), .array(let elements)):
            return elements.enumerated().flatMap { element.violations(of: $1, at: "\(path)[\($0)]") }
        case (.object(let members), .object(let object)):
            return members.sorted { $0.key < $1.key }.flatMap { name, member -> [String] in
                guard let found = object[name] else { return member.isRequired ? ["\(path).\(name): missing"] : [] }
                return member.shape.violations(of: found, at: "\(path).\(name)")
            }
        default:
            return ["\(path): expected \(self.name), found \(value.typeName)"]
        }
    }

    /// The members an object shape documents, for finding members a schema does not know.
    var memberNames: Set<String> {
        switch self {
        case .object(let members): Set(members.keys)
        case .nullable(let shape): shape.memberNames
        default: []
        }
    }

    private var name: String {
        switch self {
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "a boolean"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        case .nullable(let shape): shape.name + " or null"
        }
    }
}

extension JSONShape.StringFormat: CustomStringConvertible {
    var description: String {
        switch self {
        case .plain: "string"
        case .dateTime: "RFC 3339 date-time"
        case .uri: "absolute URI"
        }
    }

    func accepts(_ text: String) -> Bool {
        switch self {
        case .plain:
            return true
        case .dateTime:
            return Timestamp(rfc3339: text) != nil
        case .uri:
            guard let url = URL(string: text), let scheme = url.scheme else { return false }
            return !scheme.isEmpty && url.host != nil
        }
    }
}
