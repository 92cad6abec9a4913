/// Eight hexadecimal digits decoded and checked in one 64-bit word, without a branch per digit.
///
/// The digits are the word's bytes, the first in the lowest (a little-endian load of the text).
/// Each byte is checked with the exact "byte between m and n" word test — every byte's low seven bits
/// are compared on their own, so no borrow or carry crosses into the next — once for `0`–`9` and once,
/// with the case bit set, for `a`–`f`; a byte with its top bit set fails both.
enum HexWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
    private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The number the eight digits spell (`deadbeef` → 0xDEADBEEF), or `nil` if any byte is not a
    /// hexadecimal digit of either case.
    @inline(__always)
    static func value(_ word: UInt64) -> UInt32? {
        let isDigit = between(word, 0x2F, 0x3A)
        let isLetter = between(word | (ones &* 0x20), 0x60, 0x67)
        guard isDigit | isLetter == highs else { return nil }
        return decode(word)
    }

    /// Whether every byte of every word is a digit or a lowercase `a`–`f`: the spelling ids are
    /// stored and written in.
    @inline(__always)
    static func areLowercase(_ words: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        func lowercase(_ word: UInt64) -> UInt64 { between(word, 0x2F, 0x3A) | between(word, 0x60, 0x67) }
        return lowercase(words.0) & lowercase(words.1) & lowercase(words.2) & lowercase(words.3) == highs
    }

    /// The number the eight digits spell, for a word `value(_:)` or `areLowercase(_:)` accepted.
    @inline(__always)
    static func decode(_ word: UInt64) -> UInt32 {
        // A digit's value is its low four bits; a letter's (either case) its low four bits plus 9,
        // and only letters have bit 6 set.
        let values = (word & (ones &* 0x0F)) &+ (((word >> 6) & ones) &* 9)
        // Each pair of values into one byte (the first digit high), then the four bytes together,
        // the first in the lowest; swapped, the first is the most significant.
        let pairs = ((values << 4) | (values >> 8)) & 0x00FF_00FF_00FF_00FF
        let quads = (pairs | (pairs >> 8)) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: quads | (quads >> 16)).byteSwapped
    }

    /// Each byte's top bit set where that byte is above `low` (≤ 127) and below `high` (≤ 128), exactly.
    @inline(__always)
    private static func between(_ word: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
        let seven = word & lows
        return ((ones &* (127 &+ high)) &- seven) & ~word & (seven &+ (ones &* (127 &- low))) & highs
    }
}
