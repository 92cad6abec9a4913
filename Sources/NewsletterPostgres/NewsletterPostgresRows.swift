#if PostgreSQL
import Foundation
import HTTPKit
import NewsletterFeature
import PostgresNIO
import Storage

/// One sandbox's rows of the PostgreSQL `newsletter_subscribers` table: its SQL, every value bound.
struct SubscriberPostgresRows: Sendable {
    /// The sandbox whose rows these are.
    let sandbox: String

    private typealias Columns = (String, String?, String, Int64, Int64?, Int64?)

    func fetchOne(_ connection: PostgresConnection, identity: String) async throws -> Subscriber? {
        let rows = try await connection.query(
            """
            SELECT email, name, status, created_at, confirmed_at, unsubscribed_at FROM newsletter_subscribers
            WHERE sandbox = \(sandbox) AND identity = \(identity)
            """, logger: connection.logger)
        for try await row in rows.decode(Columns.self) { return try Self.subscriber(row) }
        return nil
    }

    func fetchAll(_ connection: PostgresConnection) async throws -> [Subscriber] {
        let rows = try await connection.query(
            """
            SELECT email, name, status, created_at, confirmed_at, unsubscribed_at FROM newsletter_subscribers
            WHERE sandbox = \(sandbox) ORDER BY created_at, identity
            """, logger: connection.logger)
        var subscribers: [Subscriber] = []
        for try await row in rows.decode(Columns.self) { subscribers.append(try Self.subscriber(row)) }
        return subscribers
    }

    func upsert(_ connection: PostgresConnection, _ subscriber: Subscriber) async throws {
        try await connection.query(
            """
            INSERT INTO newsletter_subscribers
                (sandbox, identity, email, name, status, created_at, confirmed_at, unsubscribed_at)
            VALUES (\(sandbox), \(subscriber.identity), \(subscriber.email), \(subscriber.name),
                \(subscriber.status.rawValue), \(subscriber.createdAt.secondsSince1970),
                \(subscriber.confirmedAt?.secondsSince1970), \(subscriber.unsubscribedAt?.secondsSince1970))
            ON CONFLICT (sandbox, identity) DO UPDATE SET email = excluded.email, name = excluded.name,
                status = excluded.status, created_at = excluded.created_at, confirmed_at = excluded.confirmed_at,
                unsubscribed_at = excluded.unsubscribed_at
            """, logger: connection.logger)
    }

    func delete(_ connection: PostgresConnection, identity: String) async throws {
        try await connection.query(
            "DELETE FROM newsletter_subscribers WHERE sandbox = \(sandbox) AND identity = \(identity)",
            logger: connection.logger)
    }

    private static func subscriber(_ row: Columns) throws -> Subscriber {
        guard let status = SubscriptionStatus(rawValue: row.2) else {
            throw RepositoryError.unknown("newsletter_subscribers holds an unknown status \(row.2).")
        }
        return Subscriber(
            email: row.0, name: row.1, status: status, createdAt: Timestamp(secondsSince1970: row.3),
            confirmedAt: row.4.map(Timestamp.init(secondsSince1970:)),
            unsubscribedAt: row.5.map(Timestamp.init(secondsSince1970:)))
    }
}

/// One sandbox's rows of the PostgreSQL `newsletter_tokens` table: a token of another sandbox is no
/// token here.
struct TokenPostgresRows: Sendable {
    /// The sandbox whose rows these are.
    let sandbox: String

    func fetchOne(_ connection: PostgresConnection, digest: TokenDigest) async throws -> StoredToken? {
        let rows = try await connection.query(
            """
            SELECT identity, kind, created_at, expires_at, used_at FROM newsletter_tokens
            WHERE digest = \(Data(digest.bytes)) AND sandbox = \(sandbox)
            """, logger: connection.logger)
        for try await row in rows.decode((String, String, Int64, Int64?, Int64?).self) {
            guard let kind = TokenKind(rawValue: row.1) else {
                throw RepositoryError.unknown("newsletter_tokens holds an unknown kind \(row.1).")
            }
            return StoredToken(
                digest: digest, identity: row.0, kind: kind, createdAt: Timestamp(secondsSince1970: row.2),
                expiresAt: row.3.map(Timestamp.init(secondsSince1970:)),
                usedAt: row.4.map(Timestamp.init(secondsSince1970:)))
        }
        return nil
    }

    func insert(_ connection: PostgresConnection, _ token: StoredToken) async throws {
        try await connection.query(
            """
            INSERT INTO newsletter_tokens (digest, sandbox, identity, kind, created_at, expires_at, used_at)
            VALUES (\(Data(token.digest.bytes)), \(sandbox), \(token.identity), \(token.kind.rawValue),
                \(token.createdAt.secondsSince1970), \(token.expiresAt?.secondsSince1970),
                \(token.usedAt?.secondsSince1970))
            """, logger: connection.logger)
    }

    func markUsed(_ connection: PostgresConnection, digest: TokenDigest, at time: Timestamp) async throws {
        try await connection.query(
            """
            UPDATE newsletter_tokens SET used_at = \(time.secondsSince1970)
            WHERE digest = \(Data(digest.bytes)) AND sandbox = \(sandbox)
            """, logger: connection.logger)
    }

    func delete(_ connection: PostgresConnection, identity: String, kind: TokenKind) async throws {
        try await connection.query(
            """
            DELETE FROM newsletter_tokens WHERE sandbox = \(sandbox) AND identity = \(identity)
                AND kind = \(kind.rawValue)
            """, logger: connection.logger)
    }

    func deleteUnusedConfirmTokens(_ connection: PostgresConnection, identity: String) async throws {
        try await connection.query(
            """
            DELETE FROM newsletter_tokens WHERE sandbox = \(sandbox) AND identity = \(identity)
                AND kind = 'confirm' AND used_at IS NULL
            """, logger: connection.logger)
    }
}
#endif
