/// Strong entity tags and the `If-None-Match` / `If-Match` comparisons (RFC 9110 §8.8.3, §13.1).
///
/// A tag is a quoted 64-bit digest of the bytes it describes (`digest(_:)`): cheap enough for every 200 GET,
/// stable across processes and machines, so N instances behind a balancer agree on it.
public enum EntityTag {
    /// The strong tag (`"…"`, quotes included) for `bytes`.
    public static func strong(for bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes(strong(for:))
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

    /// A 64-bit digest of `bytes`: FNV-1a's constants applied to whole little-endian words, each
    /// step finished with a multiply-xorshift so every input bit reaches every output bit. Four
    /// independent lanes take 32 bytes per round (a 100 KB search page hashes in a quarter of the
    /// time one dependent chain takes), then fold into one. Deterministic across processes and
    /// machines, as ETags must be.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let product = (hash ^ word) &* prime
            return product ^ (product >> 29)
        }
        func word(at offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let seed: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var lanes = (seed, seed &+ 1, seed &+ 2, seed &+ 3)
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = mix(lanes.0, word(at: offset))
            lanes.1 = mix(lanes.1, word(at: offset + 8))
            lanes.2 = mix(lanes.2, word(at: offset + 16))
            lanes.3 = mix(lanes.3, word(at: offset + 24))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= bytes.count {
            hash = mix(hash, word(at: offset))
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
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
