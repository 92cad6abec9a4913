import EmailRule
import Foundation
public import GRDB
import HTTPKit
import Storage

extension NewsletterRepository {
    /// The store in SQLite through GRDB: each command reads the subscriber and token it touches,
    /// applies `NewsletterRules` and writes the difference, atomically — concurrent commands share
    /// one transaction, each in its own savepoint (`GroupCommit`), so a burst of sign-ups costs one
    /// commit, not one each.
    public static func sqlite(_ database: any DatabaseWriter) -> Self {
        let writes = GroupCommit(database)
        return Self(
            subscribe: { signup in
                try await write(writes) { db in
                    let change = NewsletterRules.signUp(
                        signup, existing: try SubscriberRows.fetchOne(db, identity: signup.address.identity))
                    if change.dropsUnsubscribeTokens {
                        try TokenRows.delete(db, identity: change.subscriber.identity, kind: .unsubscribe)
                    }
                    try SubscriberRows.upsert(db, change.subscriber)
                    try TokenRows.insert(db, change.token)
                    return change.outcome
                }
            },
            confirm: { confirmation in
                try await write(writes) { db in
                    let token = try TokenRows.fetchOne(db, digest: confirmation.token)
                    let change = try NewsletterRules.confirm(
                        confirmation, token: token,
                        subscriber: try token.flatMap { try SubscriberRows.fetchOne(db, identity: $0.identity) })
                    if let subscriber = change.subscriber { try SubscriberRows.upsert(db, subscriber) }
                    if let used = change.usedToken { try TokenRows.markUsed(db, digest: used, at: confirmation.now) }
                    if let new = change.newToken { try TokenRows.insert(db, new) }
                    return change.outcome
                }
            },
            inspect: { digest, kind, now in
                try await RepositoryError.mappingSQLite {
                    try await database.read { db in
                        let token = try TokenRows.fetchOne(db, digest: digest)
                        return try NewsletterRules.inspect(
                            token, kind: kind, digest: digest,
                            subscriber: try token.flatMap { try SubscriberRows.fetchOne(db, identity: $0.identity) },
                            now: now)
                    }
                }
            },
            unsubscribe: { digest, now in
                try await write(writes) { db in
                    let token = try TokenRows.fetchOne(db, digest: digest)
                    let subscriber = try NewsletterRules.unsubscribe(
                        token, digest: digest,
                        subscriber: try token.flatMap { try SubscriberRows.fetchOne(db, identity: $0.identity) },
                        now: now)
                    try SubscriberRows.upsert(db, subscriber)
                    try TokenRows.deleteUnusedConfirmTokens(db, identity: subscriber.identity)
                    return subscriber
                }
            },
            erase: { digest in
                try await write(writes) { db in
                    guard let token = try TokenRows.fetchOne(db, digest: digest), token.kind == .unsubscribe,
                        let subscriber = try SubscriberRows.fetchOne(db, identity: token.identity)
                    else { throw NewsletterError.unknownToken }
                    // The tokens go with it: ON DELETE CASCADE.
                    try db.execute(
                        sql: "DELETE FROM newsletter_subscribers WHERE identity = ?", arguments: [subscriber.identity])
                    return subscriber
                }
            },
            subscribers: {
                try await RepositoryError.mappingSQLite {
                    try await database.read { db in try SubscriberRows.fetchAll(db) }
                }
            },
            reset: { seed in
                try await write(writes) { db in
                    // Tokens go with their subscribers (ON DELETE CASCADE), but say so explicitly.
                    try db.execute(sql: "DELETE FROM newsletter_tokens")
                    try db.execute(sql: "DELETE FROM newsletter_subscribers")
                    for subscriber in seed { try SubscriberRows.upsert(db, subscriber) }
                }
            }
        )
    }

    private static func write<T: Sendable>(_ writes: GroupCommit, _ body: @escaping @Sendable (Database) throws -> T)
        async throws -> T
    {
        try await RepositoryError.mappingSQLite { try await writes.write(body) }
    }
}

/// The `newsletter_subscribers` table's SQL, all with bound arguments.
enum SubscriberRows {
    static let columns = "identity, email, name, status, createdAt, confirmedAt, unsubscribedAt"

    static func fetchOne(_ db: Database, identity: String) throws -> Subscriber? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(columns) FROM newsletter_subscribers WHERE identity = ?"),
            arguments: [identity]
        ).map(subscriber)
    }

    static func fetchAll(_ db: Database) throws -> [Subscriber] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM newsletter_subscribers ORDER BY createdAt, identity")
            .map(subscriber)
    }

    static func upsert(_ db: Database, _ subscriber: Subscriber) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO newsletter_subscribers (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(identity) DO UPDATE SET email = excluded.email, name = excluded.name,
                status = excluded.status, createdAt = excluded.createdAt, confirmedAt = excluded.confirmedAt,
                unsubscribedAt = excluded.unsubscribedAt
                """
        ).execute(arguments: [
            subscriber.identity, subscriber.email, subscriber.name, subscriber.status.rawValue,
            subscriber.createdAt.secondsSince1970, subscriber.confirmedAt?.secondsSince1970,
            subscriber.unsubscribedAt?.secondsSince1970,
        ])
    }

    private static func subscriber(_ row: Row) throws -> Subscriber {
        let status: String = row[3]
        guard let parsed = SubscriptionStatus(rawValue: status) else {
            throw RepositoryError.unknown("newsletter_subscribers holds an unknown status \(status).")
        }
        // Column 0, the identity, is the email lowercased: `Subscriber` derives it.
        return Subscriber(
            email: row[1], name: row[2], status: parsed, createdAt: Timestamp(secondsSince1970: row[4]),
            confirmedAt: (row[5] as Int64?).map(Timestamp.init(secondsSince1970:)),
            unsubscribedAt: (row[6] as Int64?).map(Timestamp.init(secondsSince1970:)))
    }
}

/// The `newsletter_tokens` table's SQL, all with bound arguments.
enum TokenRows {
    static func fetchOne(_ db: Database, digest: TokenDigest) throws -> StoredToken? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT digest, identity, kind, createdAt, expiresAt, usedAt FROM newsletter_tokens WHERE digest = ?"
                ),
                arguments: [Data(digest.bytes)])
        else { return nil }
        let kind: String = row[2]
        guard let parsed = TokenKind(rawValue: kind) else {
            throw RepositoryError.unknown("newsletter_tokens holds an unknown kind \(kind).")
        }
        let stored: Data = row[0]
        return StoredToken(
            digest: TokenDigest(bytes: Array(stored)), identity: row[1], kind: parsed,
            createdAt: Timestamp(secondsSince1970: row[3]),
            expiresAt: (row[4] as Int64?).map(Timestamp.init(secondsSince1970:)),
            usedAt: (row[5] as Int64?).map(Timestamp.init(secondsSince1970:)))
    }

    static func insert(_ db: Database, _ token: StoredToken) throws {
        try db.cachedStatement(
            sql:
                "INSERT INTO newsletter_tokens (digest, identity, kind, createdAt, expiresAt, usedAt) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [
            Data(token.digest.bytes), token.identity, token.kind.rawValue, token.createdAt.secondsSince1970,
            token.expiresAt?.secondsSince1970, token.usedAt?.secondsSince1970,
        ])
    }

    static func markUsed(_ db: Database, digest: TokenDigest, at time: Timestamp) throws {
        try db.execute(
            sql: "UPDATE newsletter_tokens SET usedAt = ? WHERE digest = ?",
            arguments: [time.secondsSince1970, Data(digest.bytes)])
    }

    static func delete(_ db: Database, identity: String, kind: TokenKind) throws {
        try db.execute(
            sql: "DELETE FROM newsletter_tokens WHERE identity = ? AND kind = ?", arguments: [identity, kind.rawValue])
    }

    static func deleteUnusedConfirmTokens(_ db: Database, identity: String) throws {
        try db.execute(
            sql: "DELETE FROM newsletter_tokens WHERE identity = ? AND kind = 'confirm' AND usedAt IS NULL",
            arguments: [identity])
    }
}
