public import Foundation

extension UUID {
    /// Parses the one accepted spelling: 8-4-4-4-12 hex digits in any case (api.md §1, "UUIDs").
    /// Braces, `urn:uuid:` and hyphen-less forms are rejected.
    public init?(strict text: some StringProtocol) {
        guard text.utf8.count == 36 else { return nil }
        for (index, byte) in text.utf8.enumerated() {
            let isHyphenPosition = index == 8 || index == 13 || index == 18 || index == 23
            if isHyphenPosition != (byte == UInt8(ascii: "-")) { return nil }
            if !isHyphenPosition, !byte.isHexDigit { return nil }
        }
        self.init(uuidString: String(text))
    }

    /// The lowercase 8-4-4-4-12 spelling Counterpart emits.
    public var lowercasedBytes: [UInt8] {
        let alphabet: StaticString = "0123456789abcdef"
        var text: [UInt8] = []
        text.reserveCapacity(36)
        withUnsafeBytes(of: uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
                text.append(alphabet.utf8Start[Int(byte >> 4)])
                text.append(alphabet.utf8Start[Int(byte & 0xF)])
            }
        }
        return text
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
        writer.quotedASCII(lowercasedBytes)
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
