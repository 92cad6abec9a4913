import EmailRule
import Foundation
import GRDB
import HTTPKit
import NewsletterFeature
import Storage

/// Every newsletter backend the contract suite runs against; each starts with api.md §7's seeds.
enum NewsletterBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqliteMemory
    case sqliteFile

    var description: String { rawValue }

    /// A fresh, seeded repository of this kind.
    func make() throws -> NewsletterRepository {
        switch self {
        case .inMemory:
            return .inMemory()
        case .sqliteMemory:
            return .sqlite(try SQLiteDatabase.open(.memory, migrations: NewsletterMigrations.all))
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counterpart-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("newsletter.sqlite").path
            return .sqlite(try SQLiteDatabase.open(.sqliteFile(path: path), migrations: NewsletterMigrations.all))
        }
    }
}

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
