public import Foundation

extension UUID {
    /// Parses the one accepted spelling: 8-4-4-4-12 hex digits in any case (api.md §1, "UUIDs").
    /// Braces, `urn:uuid:` and hyphen-less forms are rejected.
    public init?(strict text: Substring) {
        self.init(strict: String(text))
    }

    /// Parses the one accepted spelling: 8-4-4-4-12 hex digits in any case.
    public init?(strict text: String) {
        var text = text
        let parsed: [UInt8]? = text.withUTF8 { utf8 in
            guard utf8.count == 36 else { return nil }
            var bytes = [UInt8](repeating: 0, count: 16)
            var nibbles = 0
            for index in 0..<36 {
                let byte = utf8[index]
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard byte == UInt8(ascii: "-") else { return nil }
                    continue
                }
                guard let value = byte.hexValue else { return nil }
                bytes[nibbles / 2] |= nibbles % 2 == 0 ? value << 4 : value
                nibbles += 1
            }
            return bytes
        }
        guard let bytes = parsed else { return nil }
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        )
    }

    /// The lowercase 8-4-4-4-12 spelling Counterpart emits.
    public var lowercasedBytes: [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(36)
        appendLowercased(to: &text)
        return text
    }

    /// Appends the lowercase spelling to `text`.
    public func appendLowercased(to text: inout [UInt8]) {
        let alphabet: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
                text.append(alphabet.utf8Start[Int(byte >> 4)])
                text.append(alphabet.utf8Start[Int(byte & 0xF)])
            }
        }
    }

    /// Whether `self` sorts before `other` comparing bytes, which is also the order of their lowercase
    /// spellings and of SQLite's `BINARY` collation on them.
    public func precedesBytewise(_ other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { lhs in
            withUnsafeBytes(of: other.uuid) { rhs in lhs.lexicographicallyPrecedes(rhs) }
        }
    }

    /// The lowercase spelling as a string.
    public var lowercased: String { String(decoding: lowercasedBytes, as: UTF8.self) }
}

extension UUID: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.quoted { appendLowercased(to: &$0) }
    }
}

extension UInt8 {
    /// The value of this byte as a hexadecimal digit, either case.
    var hexValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
