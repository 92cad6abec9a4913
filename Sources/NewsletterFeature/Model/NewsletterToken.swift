import HTTPKit

/// A raw confirm or unsubscribe token as it travels in mail links (api.md §4.2): 32 random bytes,
/// base64url without padding — 43 characters.
///
/// The raw token exists only in the mail (the outbox) and in the request that brings it back; the
/// subscriber store keeps its `digest`, so a copy of the database confirms and unsubscribes no one.
public struct NewsletterToken: Sendable, Hashable, CustomStringConvertible {
    /// The 43-character base64url text.
    public let text: String

    /// The length of every token's text.
    public static let length = 43

    /// Encodes 32 random bytes.
    public init(randomBytes: [UInt8]) {
        text = Base64URL.encode(randomBytes)
    }

    /// Reads a token from a link or a body; `nil` unless it is 43 base64url characters.
    public init?(parsing text: some StringProtocol) {
        guard text.utf8.count == Self.length, text.utf8.allSatisfy(Base64URL.isAlphabet) else { return nil }
        self.text = String(text)
    }

    /// The SHA-256 of the text: what the store keeps and looks tokens up by.
    public var digest: TokenDigest { TokenDigest(bytes: SHA256.digest(Array(text.utf8))) }

    public var description: String { text }
}

/// The SHA-256 of a `NewsletterToken`, the only form of a token the subscriber store holds.
///
/// Equality compares every byte whatever the first difference (constant time), so comparing a
/// presented token's digest with a stored one tells a timing observer nothing about where they
/// differ. Lookups are by digest, and a client chooses tokens, not digests.
public struct TokenDigest: Sendable, Hashable {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// Wraps digest bytes read back from storage.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.bytes.indices { difference |= lhs.bytes[index] ^ rhs.bytes[index] }
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
    }
}
