extension JSONWriter {
    /// Appends `text` escaped for the inside of a JSON string.
    @usableFromInline
    mutating func appendEscaped(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        guard done == nil else { return }
        var contiguous = text
        contiguous.withUTF8 { appendEscaped($0) }
    }

    /// Appends `utf8` escaped for the inside of a JSON string.
    @usableFromInline
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Most text needs no escaping: copy it in one go.
        guard Self.needsEscaping(UnsafeRawBufferPointer(utf8)) else {
            reserve(utf8.count)
            return put(utf8)
        }
        // Each byte takes at most six (`\u001f`).
        reserve(6 * utf8.count)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): put("\\\"")
            case UInt8(ascii: "\\"): put("\\\\")
            case UInt8(ascii: "\n"): put("\\n")
            case UInt8(ascii: "\r"): put("\\r")
            case UInt8(ascii: "\t"): put("\\t")
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                put("\\u00")
                put(hex.utf8Start[Int(byte >> 4)])
                put(hex.utf8Start[Int(byte & 0xF)])
            default: put(byte)
            }
        }
    }

    /// Whether `utf8` holds `"`, `\\` or a control character, tested eight bytes at a time with the
    /// classic "has a byte below n" word test (n ≤ 128): subtracting n from every byte borrows into
    /// a top bit only if some byte is below n, and `& ~word` leaves out bytes ≥ 0x80. Which byte is
    /// flagged can be wrong; whether any is, is exact. Equality with `"` or `\\` is "below 1" after
    /// an XOR with that byte repeated. The last bytes are tested in one more word: the last eight,
    /// again in part, or — in text shorter than a word — the bytes padded with spaces.
    @usableFromInline
    static func needsEscaping(_ utf8: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
            (word &- ones &* UInt64(limit)) & ~word & highs != 0
        }
        func needsEscaping(_ word: UInt64) -> Bool {
            hasByteBelow(word, 0x20) || hasByteBelow(word ^ (ones &* 0x22), 1) || hasByteBelow(word ^ (ones &* 0x5C), 1)
        }
        var offset = 0
        while offset + 8 <= utf8.count {
            if needsEscaping(utf8.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        guard offset < utf8.count else { return false }
        if utf8.count >= 8 { return needsEscaping(utf8.loadUnaligned(fromByteOffset: utf8.count - 8, as: UInt64.self)) }
        var padded = ones &* UInt64(UInt8(ascii: " "))
        withUnsafeMutableBytes(of: &padded) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: utf8[offset...])) }
        return needsEscaping(padded)
    }
}
