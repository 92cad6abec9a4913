#if PostgreSQL
import EmailRule
import Foundation
import HTTPKit
public import NewsletterFeature
public import PostgresNIO
public import PostgresStorage
public import Storage

extension NewsletterRepository {
    /// The store in PostgreSQL, shared by every instance of the scale-out profile.
    ///
    /// Each command is one transaction that reads the subscriber and token it touches, applies
    /// `NewsletterRules` and writes the difference — the SQLite store's steps. Commands of one
    /// sandbox take turns (its `newsletter` version row is locked first), as they do on SQLite's
    /// single writer: two instances signing up one address at once cannot both create it.
    public static func postgres(_ database: PostgresBackend, sandbox: SandboxPartition = .default) -> Self {
        let subscriberRows = SubscriberPostgresRows(sandbox: sandbox.key)
        let tokenRows = TokenPostgresRows(sandbox: sandbox.key)
        let turn = SharedDataVersion(domain: "newsletter", sandbox: sandbox.key)
        /// One command's transaction, in its turn, while `sandbox` lives.
        @Sendable func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
            async throws -> T
        {
            try await database.transaction { connection in
                try await turn.lock(connection)
                try await sandbox.checkLive(connection)
                return try await body(connection)
            }
        }
        return Self(
            subscribe: { signup in
                try await write { connection in
                    let change = NewsletterRules.signUp(
                        signup,
                        existing: try await subscriberRows.fetchOne(connection, identity: signup.address.identity))
                    if change.dropsUnsubscribeTokens {
                        try await tokenRows.delete(connection, identity: change.subscriber.identity, kind: .unsubscribe)
                    }
                    try await subscriberRows.upsert(connection, change.subscriber)
                    try await tokenRows.insert(connection, change.token)
                    return change.outcome
                }
            },
            confirm: { confirmation in
                try await write { connection in
                    let token = try await tokenRows.fetchOne(connection, digest: confirmation.token)
                    let subscriber = try await token.asyncMap {
                        try await subscriberRows.fetchOne(connection, identity: $0.identity)
                    }
                    let change = try NewsletterRules.confirm(confirmation, token: token, subscriber: subscriber ?? nil)
                    if let subscriber = change.subscriber { try await subscriberRows.upsert(connection, subscriber) }
                    if let used = change.usedToken {
                        try await tokenRows.markUsed(connection, digest: used, at: confirmation.now)
                    }
                    if let new = change.newToken { try await tokenRows.insert(connection, new) }
                    return change.outcome
                }
            },
            inspect: { digest, kind, now in
                try await database.withConnection { connection in
                    let token = try await tokenRows.fetchOne(connection, digest: digest)
                    let subscriber = try await token.asyncMap {
                        try await subscriberRows.fetchOne(connection, identity: $0.identity)
                    }
                    return try NewsletterRules.inspect(
                        token, kind: kind, digest: digest, subscriber: subscriber ?? nil, now: now)
                }
            },
            unsubscribe: { digest, now in
                try await write { connection in
                    let token = try await tokenRows.fetchOne(connection, digest: digest)
                    let stored = try await token.asyncMap {
                        try await subscriberRows.fetchOne(connection, identity: $0.identity)
                    }
                    let subscriber = try NewsletterRules.unsubscribe(
                        token, digest: digest, subscriber: stored ?? nil, now: now)
                    try await subscriberRows.upsert(connection, subscriber)
                    try await tokenRows.deleteUnusedConfirmTokens(connection, identity: subscriber.identity)
                    return subscriber
                }
            },
            erase: { digest in
                try await write { connection in
                    guard let token = try await tokenRows.fetchOne(connection, digest: digest),
                        token.kind == .unsubscribe,
                        let subscriber = try await subscriberRows.fetchOne(connection, identity: token.identity)
                    else { throw NewsletterError.unknownToken }
                    // The tokens go with it: ON DELETE CASCADE.
                    try await subscriberRows.delete(connection, identity: subscriber.identity)
                    return subscriber
                }
            },
            subscribers: {
                try await database.withConnection { try await subscriberRows.fetchAll($0) }
            },
            reset: { seed in
                try await write { connection in
                    try await dropSandbox(connection, sandbox.key)
                    for subscriber in seed { try await subscriberRows.upsert(connection, subscriber) }
                }
            }
        )
    }

    /// Removes every subscriber and token of `sandbox`, in the dropping transaction.
    public static func dropSandbox(_ connection: PostgresConnection, _ sandbox: String) async throws {
        try await connection.query(
            "DELETE FROM newsletter_tokens WHERE sandbox = \(sandbox)", logger: connection.logger)
        try await connection.query(
            "DELETE FROM newsletter_subscribers WHERE sandbox = \(sandbox)", logger: connection.logger)
    }
}

extension Optional where Wrapped: Sendable {
    /// `map` with an asynchronous transform.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
#endif
