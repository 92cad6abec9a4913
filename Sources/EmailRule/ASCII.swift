/// Classification of the characters the email rule distinguishes, on Unicode scalars (for trimming)
/// and on ASCII bytes (for everything after the non-ASCII check, where one byte is one character).
enum ASCII {
    /// The separator between the local part and the domain.
    static let at = UInt8(ascii: "@")

    /// The separator between atoms of the local part and between labels of the domain.
    static let dot = UInt8(ascii: ".")

    /// The character a domain label may contain but neither start nor end with.
    static let hyphen = UInt8(ascii: "-")

    /// The punctuation allowed in a local part besides letters and digits (api.md §4.4, check 7).
    private static let localPartPunctuation = Array(".!#$%&'*+-/=?^_`{|}~".utf8)

    /// Whether `scalar` is removed from both ends before any check: space, tab, CR, LF or form feed,
    /// and nothing else (not vertical tab, not non-ASCII spaces).
    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\r", "\n", "\u{0C}": true
        default: false
        }
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether `byte` is an ASCII letter or digit.
    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// Whether `byte` may appear in a local part (check 7).
    static func isLocalPartCharacter(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || localPartPunctuation.contains(byte)
    }

    /// Whether `byte` may appear in a domain (check 9).
    static func isDomainCharacter(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == hyphen || byte == dot
    }

    /// `byte` with an ASCII capital letter mapped to its small letter; every other byte unchanged.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    /// The character `byte` stands for, for the `{c}` of a rejection message.
    static func character(_ byte: UInt8) -> Character {
        Character(Unicode.Scalar(byte))
    }

    /// The text of the ASCII `bytes`.
    static func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
