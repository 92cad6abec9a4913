public import HTTPKit

/// One address on the list and where it stands in the double opt-in (api.md §4).
///
/// The public API never shows a subscriber: only `/__admin/newsletter/subscribers` (§6.2) does, so
/// that a presenter can watch the status change while the sign-up answer stays the same for all.
public struct Subscriber: Sendable, Hashable {
    /// The address as last submitted, normalised (domain lowercased).
    public var email: String
    /// The name given with the last sign-up, if any.
    public var name: String?
    /// Where the subscription stands.
    public var status: SubscriptionStatus
    /// The first sign-up.
    public var createdAt: Timestamp
    /// When the current subscription was confirmed.
    public var confirmedAt: Timestamp?
    /// When the subscriber last unsubscribed.
    public var unsubscribedAt: Timestamp?

    /// Creates a subscriber.
    public init(
        email: String,
        name: String? = nil,
        status: SubscriptionStatus,
        createdAt: Timestamp,
        confirmedAt: Timestamp? = nil,
        unsubscribedAt: Timestamp? = nil
    ) {
        self.email = email
        self.name = name
        self.status = status
        self.createdAt = createdAt
        self.confirmedAt = confirmedAt
        self.unsubscribedAt = unsubscribedAt
    }

    /// The fully lowercased address: what makes two sign-ups the same subscriber.
    public var identity: String { email.lowercased() }
}

/// The three states of api.md §4: `pending` → `confirmed` → `unsubscribed`; signing up again
/// from `unsubscribed` starts over at `pending`.
public enum SubscriptionStatus: String, Sendable, Hashable, CaseIterable {
    case pending
    case confirmed
    case unsubscribed
}
