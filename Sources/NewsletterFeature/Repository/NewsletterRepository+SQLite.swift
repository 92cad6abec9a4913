import EmailRule
import Foundation
public import GRDB
import HTTPKit
public import Storage

extension NewsletterRepository {
    /// The store in SQLite through GRDB: each command reads the subscriber and token it touches,
    /// applies `NewsletterRules` and writes the difference, atomically — concurrent commands share
    /// one transaction, each in its own savepoint (`GroupCommit`), so a burst of sign-ups costs one
    /// commit, not one each. It sees `sandbox`'s subscribers and tokens only (api.md §6.4) and
    /// writes only while that sandbox lives; stores of several sandboxes on one file share `writes`,
    /// so their commits group too.
    public static func sqlite(
        _ database: any DatabaseWriter, sandbox: SandboxPartition = .default, writes: GroupCommit? = nil
    ) -> Self {
        let writes = writes ?? GroupCommit(database)
        let subscriberRows = SubscriberRows(sandbox: sandbox.key)
        let tokenRows = TokenRows(sandbox: sandbox.key)
        return Self(
            subscribe: { signup in
                try await write(writes, sandbox) { db in
                    let change = NewsletterRules.signUp(
                        signup, existing: try subscriberRows.fetchOne(db, identity: signup.address.identity))
                    if change.dropsUnsubscribeTokens {
                        try tokenRows.delete(db, identity: change.subscriber.identity, kind: .unsubscribe)
                    }
                    try subscriberRows.upsert(db, change.subscriber)
                    try tokenRows.insert(db, change.token)
                    return change.outcome
                }
            },
            confirm: { confirmation in
                try await write(writes, sandbox) { db in
                    let token = try tokenRows.fetchOne(db, digest: confirmation.token)
                    let change = try NewsletterRules.confirm(
                        confirmation, token: token,
                        subscriber: try token.flatMap { try subscriberRows.fetchOne(db, identity: $0.identity) })
                    if let subscriber = change.subscriber { try subscriberRows.upsert(db, subscriber) }
                    if let used = change.usedToken { try tokenRows.markUsed(db, digest: used, at: confirmation.now) }
                    if let new = change.newToken { try tokenRows.insert(db, new) }
                    return change.outcome
                }
            },
            inspect: { digest, kind, now in
                try await RepositoryError.mappingSQLite {
                    try await database.read { db in
                        let token = try tokenRows.fetchOne(db, digest: digest)
                        return try NewsletterRules.inspect(
                            token, kind: kind, digest: digest,
                            subscriber: try token.flatMap { try subscriberRows.fetchOne(db, identity: $0.identity) },
                            now: now)
                    }
                }
            },
            unsubscribe: { digest, now in
                try await write(writes, sandbox) { db in
                    let token = try tokenRows.fetchOne(db, digest: digest)
                    let subscriber = try NewsletterRules.unsubscribe(
                        token, digest: digest,
                        subscriber: try token.flatMap { try subscriberRows.fetchOne(db, identity: $0.identity) },
                        now: now)
                    try subscriberRows.upsert(db, subscriber)
                    try tokenRows.deleteUnusedConfirmTokens(db, identity: subscriber.identity)
                    return subscriber
                }
            },
            erase: { digest in
                try await write(writes, sandbox) { db in
                    guard let token = try tokenRows.fetchOne(db, digest: digest), token.kind == .unsubscribe,
                        let subscriber = try subscriberRows.fetchOne(db, identity: token.identity)
                    else { throw NewsletterError.unknownToken }
                    // The tokens go with it: ON DELETE CASCADE.
                    try subscriberRows.delete(db, identity: subscriber.identity)
                    return subscriber
                }
            },
            subscribers: {
                try await RepositoryError.mappingSQLite {
                    try await database.read { db in try subscriberRows.fetchAll(db) }
                }
            },
            reset: { seed in
                try await write(writes, sandbox) { db in
                    try dropSandbox(db, sandbox.key)
                    for subscriber in seed { try subscriberRows.upsert(db, subscriber) }
                }
            }
        )
    }

    /// Removes every subscriber and token of `sandbox`: one range of each table's key.
    public static func dropSandbox(_ db: Database, _ sandbox: String) throws {
        // Tokens go with their subscribers (ON DELETE CASCADE), but say so explicitly.
        try db.execute(sql: "DELETE FROM newsletter_tokens WHERE sandbox = ?", arguments: [sandbox])
        try db.execute(sql: "DELETE FROM newsletter_subscribers WHERE sandbox = ?", arguments: [sandbox])
    }

    /// One command's write, in its own savepoint, while `sandbox` lives.
    private static func write<T: Sendable>(
        _ writes: GroupCommit, _ sandbox: SandboxPartition, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        try await RepositoryError.mappingSQLite {
            try await writes.write { db in
                try sandbox.checkLive(db)
                return try body(db)
            }
        }
    }
}

/// One sandbox's rows of the `newsletter_subscribers` table: its SQL, all with bound arguments.
struct SubscriberRows {
    static let columns = "identity, email, name, status, createdAt, confirmedAt, unsubscribedAt"

    /// The sandbox whose rows these are.
    let sandbox: String

    func fetchOne(_ db: Database, identity: String) throws -> Subscriber? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(Self.columns) FROM newsletter_subscribers WHERE sandbox = ? AND identity = ?"),
            arguments: [sandbox, identity]
        ).map(Self.subscriber)
    }

    func fetchAll(_ db: Database) throws -> [Subscriber] {
        try Row.fetchAll(
            db,
            sql: "SELECT \(Self.columns) FROM newsletter_subscribers WHERE sandbox = ? ORDER BY createdAt, identity",
            arguments: [sandbox]
        ).map(Self.subscriber)
    }

    func upsert(_ db: Database, _ subscriber: Subscriber) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO newsletter_subscribers (sandbox, \(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(sandbox, identity) DO UPDATE SET email = excluded.email, name = excluded.name,
                status = excluded.status, createdAt = excluded.createdAt, confirmedAt = excluded.confirmedAt,
                unsubscribedAt = excluded.unsubscribedAt
                """
        ).execute(arguments: [
            sandbox, subscriber.identity, subscriber.email, subscriber.name, subscriber.status.rawValue,
            subscriber.createdAt.secondsSince1970, subscriber.confirmedAt?.secondsSince1970,
            subscriber.unsubscribedAt?.secondsSince1970,
        ])
    }

    func delete(_ db: Database, identity: String) throws {
        try db.execute(
            sql: "DELETE FROM newsletter_subscribers WHERE sandbox = ? AND identity = ?",
            arguments: [sandbox, identity])
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

/// One sandbox's rows of the `newsletter_tokens` table: its SQL, all with bound arguments. A token
/// of another sandbox is no token here.
struct TokenRows {
    /// The sandbox whose rows these are.
    let sandbox: String

    func fetchOne(_ db: Database, digest: TokenDigest) throws -> StoredToken? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT digest, identity, kind, createdAt, expiresAt, usedAt FROM newsletter_tokens
                        WHERE digest = ? AND sandbox = ?
                        """
                ),
                arguments: [Data(digest.bytes), sandbox])
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

    func insert(_ db: Database, _ token: StoredToken) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO newsletter_tokens (digest, sandbox, identity, kind, createdAt, expiresAt, usedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            Data(token.digest.bytes), sandbox, token.identity, token.kind.rawValue, token.createdAt.secondsSince1970,
            token.expiresAt?.secondsSince1970, token.usedAt?.secondsSince1970,
        ])
    }

    func markUsed(_ db: Database, digest: TokenDigest, at time: Timestamp) throws {
        try db.execute(
            sql: "UPDATE newsletter_tokens SET usedAt = ? WHERE digest = ? AND sandbox = ?",
            arguments: [time.secondsSince1970, Data(digest.bytes), sandbox])
    }

    func delete(_ db: Database, identity: String, kind: TokenKind) throws {
        try db.execute(
            sql: "DELETE FROM newsletter_tokens WHERE sandbox = ? AND identity = ? AND kind = ?",
            arguments: [sandbox, identity, kind.rawValue])
    }

    func deleteUnusedConfirmTokens(_ db: Database, identity: String) throws {
        try db.execute(
            sql: """
                DELETE FROM newsletter_tokens WHERE sandbox = ? AND identity = ? AND kind = 'confirm' AND usedAt IS NULL
                """,
            arguments: [sandbox, identity])
    }
}
