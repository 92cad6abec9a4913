extension JSONWriter {
    @usableFromInline
    mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped for the inside of a JSON string.
    @usableFromInline
    mutating func appendEscaped(_ text: String) {
        let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            // Most text needs no escaping: copy it in one go.
            guard !Self.needsEscaping(UnsafeRawBufferPointer(utf8)) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied == true { return }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }

    /// Whether `utf8` holds `"`, `\\` or a control character, tested eight bytes at a time with the
    /// classic "has a byte below n" word test (n ≤ 128): subtracting n from every byte borrows into
    /// a top bit only if some byte is below n, and `& ~word` leaves out bytes ≥ 0x80. Which byte is
    /// flagged can be wrong; whether any is, is exact. Equality with `"` or `\\` is "below 1" after
    /// an XOR with that byte repeated.
    @usableFromInline
    static func needsEscaping(_ utf8: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
            (word &- ones &* UInt64(limit)) & ~word & highs != 0
        }
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = utf8.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if hasByteBelow(word, 0x20) || hasByteBelow(word ^ (ones &* 0x22), 1)
                || hasByteBelow(word ^ (ones &* 0x5C), 1)
            {
                return true
            }
            offset += 8
        }
        while offset < utf8.count {
            let byte = utf8[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }
}
