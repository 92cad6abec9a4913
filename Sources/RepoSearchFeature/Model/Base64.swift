/// Standard base64 with padding, for GitHub-style `node_id`s, written straight into a buffer.
///
/// A node id encodes a short prefix and a number (`010:Repository1000042`); the encoder takes
/// them in pieces, so no intermediate string is built.
struct Base64 {
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    private var pending: UInt32 = 0
    private var pendingCount = 0

    /// Appends the base64 of `prefix` followed by `suffix` to `bytes`.
    static func append(_ prefix: String, _ suffix: String, to bytes: inout [UInt8]) {
        var encoder = Base64()
        for byte in prefix.utf8 { encoder.feed(byte, into: &bytes) }
        for byte in suffix.utf8 { encoder.feed(byte, into: &bytes) }
        encoder.finish(into: &bytes)
    }

    private mutating func feed(_ byte: UInt8, into bytes: inout [UInt8]) {
        pending = pending << 8 | UInt32(byte)
        pendingCount += 1
        if pendingCount == 3 {
            emit(pending, characters: 4, into: &bytes)
            pending = 0
            pendingCount = 0
        }
    }

    private func finish(into bytes: inout [UInt8]) {
        guard pendingCount > 0 else { return }
        emit(pending << (8 * UInt32(3 - pendingCount)), characters: pendingCount + 1, into: &bytes)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - pendingCount))
    }

    /// The first `characters` sextets of the 24-bit `group`.
    private func emit(_ group: UInt32, characters: Int, into bytes: inout [UInt8]) {
        for index in 0..<characters {
            bytes.append(Self.alphabet.utf8Start[Int(group >> (18 - 6 * UInt32(index)) & 63)])
        }
    }
}
