public import HTTPKit

/// A token as the subscriber store keeps it: its digest, never its text (api.md §4.2).
public struct StoredToken: Sendable, Hashable {
    /// The SHA-256 of the raw token.
    public var digest: TokenDigest
    /// The subscriber it belongs to (the lowercased address).
    public var identity: String
    /// What the token does.
    public var kind: TokenKind
    /// When it was issued.
    public var createdAt: Timestamp
    /// When a confirm token stops confirming; unsubscribe tokens never expire.
    public var expiresAt: Timestamp?
    /// When a confirm token was used.
    public var usedAt: Timestamp?

    /// Creates a stored token.
    public init(
        digest: TokenDigest,
        identity: String,
        kind: TokenKind,
        createdAt: Timestamp,
        expiresAt: Timestamp? = nil,
        usedAt: Timestamp? = nil
    ) {
        self.digest = digest
        self.identity = identity
        self.kind = kind
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// The two tokens of api.md §4.2–§4.3.
public enum TokenKind: String, Sendable, Hashable {
    /// Confirms a pending subscription: single use, valid for `--token-ttl`.
    case confirm
    /// Unsubscribes (and erases) a subscription: long-lived, replaced when an unsubscribed
    /// address signs up again.
    case unsubscribe
}
