import EmailRule
import HTTPKit
import Synchronization

extension NewsletterRepository {
    /// The store in a dictionary behind a lock: what `--database memory` and reducer tests use.
    public static func inMemory(seed: [Subscriber] = NewsletterSeed.subscribers) -> Self {
        let store = InMemoryNewsletter(seed: seed)
        return Self(
            subscribe: { signup in store.state.withLock { $0.subscribe(signup) } },
            confirm: { confirmation in
                try store.state.withLock { state throws(NewsletterError) in try state.confirm(confirmation) }
            },
            inspect: { digest, kind, now in
                try store.state.withLock { state throws(NewsletterError) in
                    let token = state.tokens[digest]
                    return try NewsletterRules.inspect(
                        token, kind: kind, digest: digest, subscriber: token.flatMap { state.subscribers[$0.identity] },
                        now: now)
                }
            },
            unsubscribe: { digest, now in
                try store.state.withLock { state throws(NewsletterError) in try state.unsubscribe(digest, now: now) }
            },
            erase: { digest in try store.state.withLock { state throws(NewsletterError) in try state.erase(digest) } },
            subscribers: {
                store.state.withLock { state in
                    state.subscribers.values.sorted { ($0.createdAt, $0.identity) < ($1.createdAt, $1.identity) }
                }
            },
            reset: { seed in store.state.withLock { $0 = InMemoryNewsletter.Tables(seed: seed) } }
        )
    }
}

/// The in-memory store's tables.
private final class InMemoryNewsletter: Sendable {
    let state: Mutex<Tables>

    init(seed: [Subscriber]) {
        state = Mutex(Tables(seed: seed))
    }

    struct Tables {
        var subscribers: [String: Subscriber]
        var tokens: [TokenDigest: StoredToken] = [:]

        /// The seed's subscribers and no tokens.
        init(seed: [Subscriber]) {
            subscribers = Dictionary(seed.map { ($0.identity, $0) }) { _, last in last }
        }

        mutating func subscribe(_ signup: Signup) -> SignupOutcome {
            let change = NewsletterRules.signUp(signup, existing: subscribers[signup.address.identity])
            if change.dropsUnsubscribeTokens {
                tokens = tokens.filter {
                    !($0.value.identity == change.subscriber.identity && $0.value.kind == .unsubscribe)
                }
            }
            subscribers[change.subscriber.identity] = change.subscriber
            tokens[change.token.digest] = change.token
            return change.outcome
        }

        mutating func confirm(_ confirmation: Confirmation) throws(NewsletterError) -> ConfirmOutcome {
            let token = tokens[confirmation.token]
            let change = try NewsletterRules.confirm(
                confirmation, token: token, subscriber: token.flatMap { subscribers[$0.identity] })
            if let subscriber = change.subscriber { subscribers[subscriber.identity] = subscriber }
            if let used = change.usedToken { tokens[used]?.usedAt = confirmation.now }
            if let new = change.newToken { tokens[new.digest] = new }
            return change.outcome
        }

        mutating func unsubscribe(_ digest: TokenDigest, now: Timestamp) throws(NewsletterError) -> Subscriber {
            let token = tokens[digest]
            let subscriber = try NewsletterRules.unsubscribe(
                token, digest: digest, subscriber: token.flatMap { subscribers[$0.identity] }, now: now)
            subscribers[subscriber.identity] = subscriber
            tokens = tokens.filter {
                !($0.value.identity == subscriber.identity && $0.value.kind == .confirm && $0.value.usedAt == nil)
            }
            return subscriber
        }

        mutating func erase(_ digest: TokenDigest) throws(NewsletterError) -> Subscriber {
            guard let token = tokens[digest], token.kind == .unsubscribe,
                let subscriber = subscribers.removeValue(forKey: token.identity)
            else { throw .unknownToken }
            tokens = tokens.filter { $0.value.identity != subscriber.identity }
            return subscriber
        }
    }
}
