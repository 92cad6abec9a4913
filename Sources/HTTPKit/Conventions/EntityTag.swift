/// Strong entity tags and the `If-None-Match` / `If-Match` comparisons (RFC 9110 §8.8.3, §13.1).
///
/// A tag is a quoted 64-bit digest of the bytes it describes (`digest(_:)`): cheap enough for every 200 GET,
/// stable across processes and machines, so N instances behind a balancer agree on it.
public enum EntityTag {
    /// The strong tag (`"…"`, quotes included) for `bytes`.
    public static func strong(for bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes(strong(for:))
    }

    /// The strong tag for `body`'s bytes, read where they are.
    public static func strong(for body: ResponseBody) -> String {
        body.withUnsafeBytes(strong(for:))
    }

    /// The strong tag for the bytes `buffer` holds: the digest's 16 lowercase hex digits in quotes,
    /// written where the string keeps them (formatting with `String(_:radix:)` and padding took
    /// longer than hashing a todo: measured).
    public static func strong(for buffer: UnsafeRawBufferPointer) -> String {
        let hash = digest(buffer)
        let digits = hexDigits.utf8Start
        return String(unsafeUninitializedCapacity: 18) { text in
            text[0] = UInt8(ascii: "\"")
            for index in 0..<16 {
                text[1 + index] = digits[Int(truncatingIfNeeded: hash >> (60 - 4 * UInt64(index))) & 0xF]
            }
            text[17] = UInt8(ascii: "\"")
            return 18
        }
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// A 64-bit digest of `bytes`, deterministic across processes and machines as ETags must be.
    ///
    /// wyhash's construction: each 16 bytes are two little-endian words, each mixed with a constant
    /// (one with the running state), multiplied into 128 bits and folded back to 64; two independent
    /// lanes take 32 bytes a round. One multiply per 16 bytes instead of one per 8 (FNV-1a's
    /// constants with a multiply-xorshift, before) halved the cost of tagging a 25 KB list. Not a
    /// cryptographic hash: a client that crafts two bodies with one tag only fools itself.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let secrets: (UInt64, UInt64, UInt64) = (0xa076_1d64_78bd_642f, 0xe703_7ed1_a0b4_28db, 0x8ebc_6af0_9c88_c6e3)
        func mix(_ first: UInt64, _ second: UInt64) -> UInt64 {
            let product = first.multipliedFullWidth(by: second)
            return product.high ^ product.low
        }
        func word(at offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let count = bytes.count
        var lanes = (secrets.0 ^ UInt64(count), secrets.2 ^ UInt64(count))
        var offset = 0
        while offset + 32 <= count {
            lanes.0 = mix(word(at: offset) ^ secrets.1, word(at: offset + 8) ^ lanes.0)
            lanes.1 = mix(word(at: offset + 16) ^ secrets.2, word(at: offset + 24) ^ lanes.1)
            offset += 32
        }
        var hash = lanes.0 ^ lanes.1
        while offset + 16 <= count {
            hash = mix(word(at: offset) ^ secrets.1, word(at: offset + 8) ^ hash)
            offset += 16
        }
        // The last 0–15 bytes, zero-padded into two words.
        var tail: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &tail) { words in
            words.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        }
        hash = mix(UInt64(littleEndian: tail.0) ^ secrets.1, UInt64(littleEndian: tail.1) ^ hash)
        return mix(hash ^ secrets.0, UInt64(count) ^ secrets.1)
    }

    /// Whether `If-None-Match: header` matches `tag` (weak comparison, lists and `*` allowed).
    public static func noneMatchFails(_ header: String, tag: String) -> Bool {
        matches(header, tag: tag, weak: true)
    }

    /// Whether `If-Match: header` is satisfied by `tag` (strong comparison; `*` matches any tag).
    public static func matchSucceeds(_ header: String, tag: String?) -> Bool {
        guard let tag else { return false }
        return matches(header, tag: tag, weak: false)
    }

    private static func matches(_ header: String, tag: String, weak: Bool) -> Bool {
        let wanted = opaque(tag)
        for candidate in header.split(separator: ",") {
            let trimmed = candidate.trimmingSpaces
            if trimmed == "*" { return true }
            if weak ? opaque(trimmed) == wanted : (!trimmed.hasPrefix("W/") && trimmed == tag) { return true }
        }
        return false
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
