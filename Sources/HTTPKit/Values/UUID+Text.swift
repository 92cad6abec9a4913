public import Foundation

extension UUID {
    /// Parses the one accepted spelling: 8-4-4-4-12 hex digits in any case (api.md §1, "UUIDs").
    /// Braces, `urn:uuid:` and hyphen-less forms are rejected.
    public init?(strict text: Substring) {
        var text = text
        guard let uuid = text.withUTF8(Self.parse) else { return nil }
        self.init(uuid: uuid)
    }

    /// Parses the one accepted spelling: 8-4-4-4-12 hex digits in any case.
    public init?(strict text: String) {
        self.init(strict: text[...])
    }

    /// Parses the one accepted spelling from UTF-8 bytes in place (a database column).
    public init?(strictUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        guard let uuid = Self.parse(utf8) else { return nil }
        self.init(uuid: uuid)
    }

    /// The 16 bytes spelled by `utf8`, read in place: every stored todo's id is parsed on each list
    /// read, so this allocates nothing (a byte array per id cost 8 % of an uncached `GET /todos`).
    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard utf8.count == 36, utf8[8] == UInt8(ascii: "-"), utf8[13] == UInt8(ascii: "-"),
            utf8[18] == UInt8(ascii: "-"), utf8[23] == UInt8(ascii: "-")
        else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &uuid) { bytes in
            var index = 0
            for byteIndex in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
                guard let high = utf8[index].hexValue, let low = utf8[index + 1].hexValue else { return false }
                bytes[byteIndex] = high << 4 | low
                index += 2
            }
            return true
        }
        return complete ? uuid : nil
    }

    /// The lowercase 8-4-4-4-12 spelling Counterpart emits.
    public var lowercasedBytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 36) { buffer, count in count = writeLowercased(into: buffer) }
    }

    /// Writes the 36 bytes of the lowercase spelling at the start of `buffer` and returns 36.
    public func writeLowercased(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(buffer.count >= 36, "A UUID's spelling needs 36 bytes, not \(buffer.count).")
        let alphabet: StaticString = "0123456789abcdef"
        let digits = alphabet.utf8Start
        var index = 0
        withUnsafeBytes(of: uuid) { bytes in
            for (byteIndex, byte) in bytes.enumerated() {
                if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                    buffer[index] = UInt8(ascii: "-")
                    index += 1
                }
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0xF)]
                index += 2
            }
        }
        return index
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
        writer.quoted(upTo: 36) { writeLowercased(into: $0) }
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
