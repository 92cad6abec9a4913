import SeededRandom

extension SplitMix64 {
    /// A random version 4 UUID from the next two draws, lowercase `8-4-4-4-12` (api.md §1).
    ///
    /// The first draw gives bytes 0–7 and the second bytes 8–15, each big-endian; then the version
    /// nibble is set to 4 and the variant bits to 10, as RFC 9562 §5.4 requires.
    mutating func uuidString() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for word in [next(), next()] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hexDigits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
