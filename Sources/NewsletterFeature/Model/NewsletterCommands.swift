public import EmailRule
public import HTTPKit

/// One sign-up as the store applies it (api.md §4.1). Both tokens are always made, whatever the
/// address's history, so every sign-up costs the same; the store keeps the one its outcome needs.
public struct Signup: Sendable, Equatable {
    /// The validated address.
    public var address: EmailAddress
    /// The name given, if any.
    public var name: String?
    /// The digest of the confirm token the `confirmation` mail will carry.
    public var confirmToken: TokenDigest
    /// The digest of the unsubscribe token an `alreadySubscribed` mail will carry.
    public var unsubscribeToken: TokenDigest
    /// The time of the sign-up.
    public var now: Timestamp
    /// When the confirm token expires (`now` + `--token-ttl`).
    public var expiresAt: Timestamp

    /// Creates a sign-up.
    public init(
        address: EmailAddress,
        name: String?,
        confirmToken: TokenDigest,
        unsubscribeToken: TokenDigest,
        now: Timestamp,
        expiresAt: Timestamp
    ) {
        self.address = address
        self.name = name
        self.confirmToken = confirmToken
        self.unsubscribeToken = unsubscribeToken
        self.now = now
        self.expiresAt = expiresAt
    }
}

/// What a sign-up did, which decides the mail (api.md §4.1).
public enum SignupOutcome: Sendable, Equatable {
    /// New, pending or unsubscribed: now pending, with a fresh confirm token (`confirmation` mail).
    case confirmationSent(Subscriber)
    /// Already confirmed: unchanged, with a fresh unsubscribe token (`alreadySubscribed` mail).
    case alreadyConfirmed(Subscriber)

    /// The subscriber after the sign-up.
    public var subscriber: Subscriber {
        switch self {
        case .confirmationSent(let subscriber), .alreadyConfirmed(let subscriber): subscriber
        }
    }
}

/// One confirmation as the store applies it (api.md §4.2).
public struct Confirmation: Sendable, Equatable {
    /// The digest of the presented confirm token.
    public var token: TokenDigest
    /// The digest of the unsubscribe token the `welcome` mail will carry, kept if this confirms.
    public var unsubscribeToken: TokenDigest
    /// The time of the confirmation.
    public var now: Timestamp

    /// Creates a confirmation.
    public init(token: TokenDigest, unsubscribeToken: TokenDigest, now: Timestamp) {
        self.token = token
        self.unsubscribeToken = unsubscribeToken
        self.now = now
    }
}

/// What a confirmation did.
public struct ConfirmOutcome: Sendable, Equatable {
    /// The subscriber, confirmed.
    public var subscriber: Subscriber
    /// Whether this request confirmed it (a `welcome` mail goes out) or repeated a used token.
    public var newlyConfirmed: Bool

    /// Creates an outcome.
    public init(subscriber: Subscriber, newlyConfirmed: Bool) {
        self.subscriber = subscriber
        self.newlyConfirmed = newlyConfirmed
    }
}
