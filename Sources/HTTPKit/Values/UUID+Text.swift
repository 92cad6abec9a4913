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

    /// Whether `utf8` is the spelling Counterpart stores and writes: 8-4-4-4-12 lowercase hex digits.
    /// A stored id in it is copied into a list's JSON as it is, neither parsed nor written again.
    public static func isLowercaseSpelling(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let words = digitWords(utf8) else { return false }
        return HexWord.areLowercase(words)
    }

    /// The UUID spelled by `utf8`, which `isLowercaseSpelling(_:)` accepted; decoded without checking
    /// the digits again.
    public init(lowercaseSpelling utf8: UnsafeBufferPointer<UInt8>) {
        precondition(utf8.count == 36, "A UUID's spelling has 36 bytes, not \(utf8.count).")
        let words = Self.digitWords(unchecked: utf8)
        self.init(
            uuid: Self.uuid(
                HexWord.decode(words.0), HexWord.decode(words.1), HexWord.decode(words.2), HexWord.decode(words.3)))
    }

    /// The 16 bytes spelled by `utf8`, read in place and eight digits at a time: every stored todo's
    /// id is parsed when a todo is read, so this allocates nothing (a byte array per id cost 8 % of
    /// an uncached `GET /todos`) and decodes and checks each eight digits in one word — a digit at a
    /// time took 3 % of the list (`HexWord`).
    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard let words = digitWords(utf8), let first = HexWord.value(words.0), let second = HexWord.value(words.1),
            let third = HexWord.value(words.2), let fourth = HexWord.value(words.3)
        else { return nil }
        return uuid(first, second, third, fourth)
    }

    /// The 32 digits of an 8-4-4-4-12 spelling as four words of eight (0–7, 9–12 with 14–17, 19–22
    /// with 24–27, 28–35), each with its first digit in the lowest byte; `nil` unless `utf8` has
    /// 36 bytes with hyphens where they belong.
    private static func digitWords(_ utf8: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64)? {
        guard utf8.count == 36, utf8[8] == UInt8(ascii: "-"), utf8[13] == UInt8(ascii: "-"),
            utf8[18] == UInt8(ascii: "-"), utf8[23] == UInt8(ascii: "-")
        else { return nil }
        return digitWords(unchecked: utf8)
    }

    /// The four words of a spelling whose length and hyphens were checked.
    @inline(__always)
    private static func digitWords(unchecked utf8: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64) {
        let text = UnsafeRawBufferPointer(utf8)
        // Loaded so that the first digit is the lowest byte, whatever the machine's byte order.
        func eight(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func four(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        return (eight(0), four(9) | four(14) << 32, four(19) | four(24) << 32, eight(28))
    }

    /// The 16 bytes of four words' values, each big-endian.
    @inline(__always)
    private static func uuid(_ first: UInt32, _ second: UInt32, _ third: UInt32, _ fourth: UInt32) -> uuid_t {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: first.bigEndian, toByteOffset: 0, as: UInt32.self)
            bytes.storeBytes(of: second.bigEndian, toByteOffset: 4, as: UInt32.self)
            bytes.storeBytes(of: third.bigEndian, toByteOffset: 8, as: UInt32.self)
            bytes.storeBytes(of: fourth.bigEndian, toByteOffset: 12, as: UInt32.self)
        }
        return uuid
    }

    /// Calls `body` with each of the 16 bytes' index and the offset of its two digits in the
    /// 8-4-4-4-12 spelling, which leaves the hyphens' offsets out.
    @inline(__always)
    private static func forEachDigitPair(_ body: (_ index: Int, _ offset: Int) -> Void) {
        func group(_ indices: Range<Int>, at start: Int) {
            for (step, index) in indices.enumerated() { body(index, start + 2 * step) }
        }
        group(0..<4, at: 0)
        group(4..<6, at: 9)
        group(6..<8, at: 14)
        group(8..<10, at: 19)
        group(10..<16, at: 24)
    }

    /// Writes the 36 bytes of the lowercase spelling at the start of `buffer` and returns 36.
    public func writeLowercased(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(buffer.count >= 36, "A UUID's spelling needs 36 bytes, not \(buffer.count).")
        // Each byte's two digits copied from a table, to offsets that leave room for the hyphens.
        let hexPairs = Self.hexPairs.utf8Start
        withUnsafeBytes(of: uuid) { bytes in
            Self.forEachDigitPair { index, offset in
                let pair = 2 * Int(bytes[index])
                buffer[offset] = hexPairs[pair]
                buffer[offset + 1] = hexPairs[pair + 1]
            }
        }
        buffer[8] = UInt8(ascii: "-")
        buffer[13] = UInt8(ascii: "-")
        buffer[18] = UInt8(ascii: "-")
        buffer[23] = UInt8(ascii: "-")
        return 36
    }

    /// "00" through "ff", each byte's two lowercase digits at twice its value.
    private static let hexPairs: StaticString = """
        000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f\
        303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f\
        606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f\
        909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf\
        c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef\
        f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
        """

    /// The lowercase spelling as a string, written where the string keeps it.
    public var lowercased: String {
        String(unsafeUninitializedCapacity: 36) { writeLowercased(into: $0) }
    }
}

extension UUID: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.quoted(upTo: 36) { writeLowercased(into: $0) }
    }
}

extension UInt8 {
    /// The value of this byte as a hexadecimal digit, either case.
    public var hexValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
