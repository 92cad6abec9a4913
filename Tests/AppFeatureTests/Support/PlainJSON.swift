import HTTPKit

/// Parses JSON into `JSONValue` without throwing on the way.
///
/// `JSONValue`'s `Decodable` conformance tries each type in turn and every miss is a thrown error,
/// for which Swift Testing captures a backtrace: the schema tests, which read ~130,000 values,
/// took 5.0 s that way and 2.2 s with this parser. Returns `nil` for anything that is not JSON.
enum PlainJSON {
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var parser = Parser(bytes: bytes)
        guard let value = parser.value() else { return nil }
        parser.skipSpace()
        return parser.offset == bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        mutating func value() -> JSONValue? {
            skipSpace()
            guard offset < bytes.count else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
        }

        private mutating func object() -> JSONValue? {
            offset += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard let name = string() else { return nil }
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
                offset += 1
                guard let member = value() else { return nil }
                members[name] = member
                skipSpace()
                guard offset < bytes.count else { return nil }
                offset += 1
                if bytes[offset - 1] == UInt8(ascii: "}") { return .object(members) }
                guard bytes[offset - 1] == UInt8(ascii: ",") else { return nil }
            }
        }

        private mutating func array() -> JSONValue? {
            offset += 1
            var elements: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                guard let element = value() else { return nil }
                elements.append(element)
                skipSpace()
                guard offset < bytes.count else { return nil }
                offset += 1
                if bytes[offset - 1] == UInt8(ascii: "]") { return .array(elements) }
                guard bytes[offset - 1] == UInt8(ascii: ",") else { return nil }
            }
        }

        /// A string; escapes are decoded (`\uXXXX` surrogate pairs included).
        private mutating func string() -> String? {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
            offset += 1
            var scalars = String.UnicodeScalarView()
            var utf8: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll()
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    guard offset < bytes.count else { return nil }
                    let escape = bytes[offset]
                    offset += 1
                    let simple: [UInt8: UInt8] = [
                        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                        UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                    ]
                    if let plain = simple[escape] {
                        utf8.append(plain)
                        continue
                    }
                    guard escape == UInt8(ascii: "u"), var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count, bytes[offset] == 0x5C,
                        bytes[offset + 1] == UInt8(ascii: "u")
                    {
                        offset += 2
                        guard let low = hex4() else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    flush()
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default:
                    guard byte >= 0x20 else { return nil }
                    utf8.append(byte)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard offset + 4 <= bytes.count,
                let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
            else { return nil }
            offset += 4
            return code
        }

        private mutating func number() -> JSONValue? {
            let start = offset
            while offset < bytes.count, "+-0123456789.eE".utf8.contains(bytes[offset]) { offset += 1 }
            return Double(String(decoding: bytes[start..<offset], as: UTF8.self)).map(JSONValue.number)
        }

        private mutating func literal(_ text: String, _ value: JSONValue) -> JSONValue? {
            guard bytes[offset...].starts(with: text.utf8) else { return nil }
            offset += text.utf8.count
            return value
        }
    }
}
