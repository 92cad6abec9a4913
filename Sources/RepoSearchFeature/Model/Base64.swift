/// Standard base64 with padding, for GitHub-style `node_id`s, written straight into a buffer.
///
/// A node id encodes a short prefix and a number (`010:Repository1000042`); the encoder takes
/// them in pieces, so no intermediate string is built.
struct Base64 {
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    private var pending: UInt32 = 0
    private var pendingCount = 0
    private var written = 0

    /// The length of the base64 of `prefix` followed by `suffix`.
    static func encodedCount(_ prefix: String, _ suffix: String) -> Int {
        (prefix.utf8.count + suffix.utf8.count + 2) / 3 * 4
    }

    /// Writes the base64 of `prefix` followed by `suffix` at the start of `buffer`, which holds at
    /// least `encodedCount(prefix, suffix)` bytes, and returns how many it wrote.
    static func write(_ prefix: String, _ suffix: String, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(buffer.count >= encodedCount(prefix, suffix), "Base64 needs room for the whole encoding.")
        var encoder = Base64()
        for byte in prefix.utf8 { encoder.feed(byte, into: buffer) }
        for byte in suffix.utf8 { encoder.feed(byte, into: buffer) }
        encoder.finish(into: buffer)
        return encoder.written
    }

    private mutating func feed(_ byte: UInt8, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        pending = pending << 8 | UInt32(byte)
        pendingCount += 1
        if pendingCount == 3 {
            emit(pending, characters: 4, into: buffer)
            pending = 0
            pendingCount = 0
        }
    }

    private mutating func finish(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard pendingCount > 0 else { return }
        emit(pending << (8 * UInt32(3 - pendingCount)), characters: pendingCount + 1, into: buffer)
        for _ in pendingCount..<3 {
            buffer[written] = UInt8(ascii: "=")
            written += 1
        }
    }

    /// The first `characters` sextets of the 24-bit `group`.
    private mutating func emit(_ group: UInt32, characters: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        for index in 0..<characters {
            buffer[written] = Self.alphabet.utf8Start[Int(group >> (18 - 6 * UInt32(index)) & 63)]
            written += 1
        }
    }
}
