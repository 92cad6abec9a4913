import EmailRule
package import HTTPKit

/// The double opt-in's state machine (api.md §4.1–§4.3), pure: each backend loads the rows a
/// command touches, asks these rules what changes, and writes it in the same transaction — so every
/// backend follows one set of rules, which the contract suite checks.
package enum NewsletterRules {
    /// What a sign-up writes.
    package struct SignupChange: Equatable {
        package var subscriber: Subscriber
        package var token: StoredToken
        /// An unsubscribed address signing up again replaces its unsubscribe tokens.
        package var dropsUnsubscribeTokens: Bool
        package var outcome: SignupOutcome
    }

    /// What a confirmation writes; `nil` members are left as they are.
    package struct ConfirmChange: Equatable {
        package var subscriber: Subscriber? = nil
        package var usedToken: TokenDigest? = nil
        package var newToken: StoredToken? = nil
        package var outcome: ConfirmOutcome
    }

    /// api.md §4.1: a confirmed address stays confirmed and gets a fresh unsubscribe token; any
    /// other becomes (or stays) pending with a fresh confirm token, older unexpired ones still valid.
    package static func signUp(_ signup: Signup, existing: Subscriber?) -> SignupChange {
        let identity = signup.address.identity
        if let existing, existing.status == .confirmed {
            let token = StoredToken(
                digest: signup.unsubscribeToken, identity: identity, kind: .unsubscribe, createdAt: signup.now)
            return SignupChange(
                subscriber: existing, token: token, dropsUnsubscribeTokens: false,
                outcome: .alreadyConfirmed(existing))
        }
        var subscriber =
            existing ?? Subscriber(email: signup.address.normalized, status: .pending, createdAt: signup.now)
        subscriber.email = signup.address.normalized
        subscriber.name = signup.name
        subscriber.status = .pending
        subscriber.confirmedAt = nil
        subscriber.unsubscribedAt = nil
        let token = StoredToken(
            digest: signup.confirmToken, identity: identity, kind: .confirm, createdAt: signup.now,
            expiresAt: signup.expiresAt)
        return SignupChange(
            subscriber: subscriber, token: token, dropsUnsubscribeTokens: existing?.status == .unsubscribed,
            outcome: .confirmationSent(subscriber))
    }

    /// api.md §4.2: an unused, unexpired confirm token confirms; a used one answers the same while
    /// its subscription is confirmed and the token within its lifetime; otherwise 410, or 404 for a
    /// token nobody has.
    package static func confirm(_ confirmation: Confirmation, token: StoredToken?, subscriber: Subscriber?)
        throws(NewsletterError) -> ConfirmChange
    {
        var subscriber = try confirmable(
            token, subscriber: subscriber, digest: confirmation.token, now: confirmation.now)
        guard token?.usedAt == nil else {
            return ConfirmChange(outcome: ConfirmOutcome(subscriber: subscriber, newlyConfirmed: false))
        }
        guard subscriber.status == .pending else {
            return ConfirmChange(
                usedToken: confirmation.token, outcome: ConfirmOutcome(subscriber: subscriber, newlyConfirmed: false))
        }
        subscriber.status = .confirmed
        subscriber.confirmedAt = confirmation.now
        let unsubscribe = StoredToken(
            digest: confirmation.unsubscribeToken, identity: subscriber.identity, kind: .unsubscribe,
            createdAt: confirmation.now)
        return ConfirmChange(
            subscriber: subscriber, usedToken: confirmation.token, newToken: unsubscribe,
            outcome: ConfirmOutcome(subscriber: subscriber, newlyConfirmed: true))
    }

    /// What a token's page shows, changing nothing: the subscriber a usable token belongs to.
    package static func inspect(
        _ token: StoredToken?, kind: TokenKind, digest: TokenDigest, subscriber: Subscriber?, now: Timestamp
    )
        throws(NewsletterError) -> Subscriber
    {
        switch kind {
        case .confirm:
            return try confirmable(token, subscriber: subscriber, digest: digest, now: now)
        case .unsubscribe:
            guard let token, token.kind == .unsubscribe, token.digest == digest, let subscriber else {
                throw .unknownToken
            }
            return subscriber
        }
    }

    /// api.md §4.3: an unsubscribe token unsubscribes (again: no change, same answer); the
    /// subscriber's unused confirm tokens go with it, so an old confirmation link cannot sign a
    /// person back up.
    package static func unsubscribe(_ token: StoredToken?, digest: TokenDigest, subscriber: Subscriber?, now: Timestamp)
        throws(NewsletterError) -> Subscriber
    {
        var subscriber = try inspect(token, kind: .unsubscribe, digest: digest, subscriber: subscriber, now: now)
        if subscriber.status != .unsubscribed {
            subscriber.status = .unsubscribed
            subscriber.unsubscribedAt = now
        }
        return subscriber
    }

    /// The subscriber a confirm token may confirm (or has confirmed, within its lifetime).
    private static func confirmable(_ token: StoredToken?, subscriber: Subscriber?, digest: TokenDigest, now: Timestamp)
        throws(NewsletterError) -> Subscriber
    {
        guard let token, token.kind == .confirm, token.digest == digest, let subscriber else { throw .unknownToken }
        let expired = token.expiresAt.map { now >= $0 } ?? true
        if token.usedAt != nil {
            guard subscriber.status == .confirmed, !expired else { throw .expiredToken }
        } else {
            guard !expired, subscriber.status != .unsubscribed else { throw .expiredToken }
        }
        return subscriber
    }
}
