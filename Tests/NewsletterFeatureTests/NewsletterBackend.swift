import Foundation
import GRDB
import HTTPKit
import CounterpartTestSupport
import EmailRule
import NewsletterFeature
import Storage

#if PostgreSQL
import NewsletterPostgres
import PostgresNIO
import PostgresStorage
#endif

/// Every newsletter backend the contract suite runs against; each starts with api.md §7's seeds.
///
/// The `…Sandbox` cases are a database shared with another sandbox (api.md §6.4) that already holds the
/// addresses the suite signs up, in other states, with tokens of their own: a read or write that
/// crossed sandboxes fails the contract.
enum NewsletterBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqliteMemory
    case sqliteFile
    case sqliteSandbox
    #if PostgreSQL
    case postgres
    case postgresSandbox
    #endif

    var description: String { rawValue }

    /// A fresh, seeded repository of this kind.
    func make() async throws -> NewsletterRepository {
        switch self {
        case .inMemory:
            return .inMemory()
        case .sqliteMemory:
            return .sqlite(try SQLiteDatabase.open(.memory, migrations: NewsletterMigrations.all))
        case .sqliteFile:
            let directory = try temporaryDirectory()
            let path = directory.appendingPathComponent("newsletter.sqlite").path
            return .sqlite(try SQLiteDatabase.open(.sqliteFile(path: path), migrations: NewsletterMigrations.all))
        case .sqliteSandbox:
            let directory = try temporaryDirectory()
            let path = directory.appendingPathComponent("newsletter.sqlite").path
            let database = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: NewsletterMigrations.all)
            try Self.fillNeighbour(database)
            return .sqlite(database)
        #if PostgreSQL
        case .postgres:
            let newsletter = NewsletterRepository.postgres(
                try await TestPostgres.migratedBackend(NewsletterMigrations.postgres))
            try await newsletter.reset(NewsletterSeed.subscribers)
            return newsletter
        case .postgresSandbox:
            let backend = try await TestPostgres.migratedBackend(NewsletterMigrations.postgres)
            try await Self.fillNeighbour(backend)
            let newsletter = NewsletterRepository.postgres(backend)
            try await newsletter.reset(NewsletterSeed.subscribers)
            return newsletter
        #endif
        }
    }

    /// The sandbox beside the one under test.
    static let neighbour = "neighbour"
    /// What it holds: addresses the suite uses, unsubscribed, each with a confirm and an
    /// unsubscribe token (digests of tokens 200 and up, which the suite never uses).
    static let neighbourEmails = ["jane.doe@example.com", "new@example.com", "pending@example.com"]

    static func fillNeighbour(_ database: any DatabaseWriter) throws {
        try database.write { db in
            for (index, email) in neighbourEmails.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO newsletter_subscribers (sandbox, identity, email, name, status, createdAt,
                        confirmedAt, unsubscribedAt) VALUES (?, ?, ?, 'Neighbour', 'unsubscribed', 0, 0, 0)
                        """,
                    arguments: [neighbour, email, email])
                for (offset, kind) in ["confirm", "unsubscribe"].enumerated() {
                    try db.execute(
                        sql: """
                            INSERT INTO newsletter_tokens (digest, sandbox, identity, kind, createdAt, expiresAt, usedAt)
                            VALUES (?, ?, ?, ?, 0, NULL, NULL)
                            """,
                        arguments: [
                            Data(Fixtures.token(UInt8(200 + index * 2 + offset)).digest.bytes), neighbour, email, kind,
                        ])
                }
            }
        }
    }
}

#if PostgreSQL
extension NewsletterBackend {
    /// `fillNeighbour` on PostgreSQL.
    static func fillNeighbour(_ backend: PostgresBackend) async throws {
        try await backend.transaction { connection in
            for (index, email) in neighbourEmails.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO newsletter_subscribers (sandbox, identity, email, name, status, created_at,
                        confirmed_at, unsubscribed_at) VALUES (\(neighbour), \(email), \(email), 'Neighbour', 'unsubscribed', 0, 0, 0)
                    """, logger: connection.logger)
                for (offset, kind) in ["confirm", "unsubscribe"].enumerated() {
                    let digest = Data(Fixtures.token(UInt8(200 + index * 2 + offset)).digest.bytes)
                    try await connection.query(
                        """
                        INSERT INTO newsletter_tokens (digest, sandbox, identity, kind, created_at)
                        VALUES (\(digest), \(neighbour), \(email), \(kind), 0)
                        """, logger: connection.logger)
                }
            }
        }
    }
}
#endif

/// Fixed values for newsletter tests.
enum Fixtures {
    static let now = Timestamp.seedEpoch.adding(seconds: 86_400)
    static let lifetime: Int64 = 48 * 3600

    /// Token `number`: 32 bytes of `number`, as `TokenGenerator.counting()` makes them.
    static func token(_ number: UInt8) -> NewsletterToken {
        NewsletterToken(randomBytes: Array(repeating: number, count: 32))
    }

    static func address(_ text: String) -> EmailAddress {
        guard case .success(let address) = EmailRule.validate(text) else {
            preconditionFailure("\(text) is not a valid test address")
        }
        return address
    }

    /// A sign-up of `email` at `now` whose tokens are `confirm` and `confirm + 1`.
    static func signup(_ email: String, name: String? = nil, confirm: UInt8 = 1, at now: Timestamp = now) -> Signup {
        Signup(
            address: address(email), name: name, confirmToken: token(confirm).digest,
            unsubscribeToken: token(confirm + 1).digest, now: now, expiresAt: now.adding(seconds: lifetime))
    }

    static func confirmation(_ token: UInt8, unsubscribe: UInt8, at now: Timestamp = now) -> Confirmation {
        Confirmation(
            token: Fixtures.token(token).digest, unsubscribeToken: Fixtures.token(unsubscribe).digest, now: now)
    }
}
