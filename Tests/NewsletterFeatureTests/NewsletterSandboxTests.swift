import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import NewsletterFeature
import Storage
import Testing

/// Sandboxes on one SQLite file (api.md §6.4): a token works only in its own sandbox, and dropping
/// a sandbox removes its subscribers and tokens alone.
@Suite("Newsletter sandboxes on one SQLite file")
struct NewsletterSandboxTests {
    @Test("another sandbox's token is unknown here, and one sandbox's writes leave the other's rows")
    func tokensStayInTheirSandbox() async throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("newsletter.sqlite").path
        let database = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: NewsletterMigrations.all)
        try NewsletterBackend.fillNeighbour(database)
        let home = NewsletterRepository.sqlite(database)
        let neighbour = NewsletterRepository.sqlite(
            database, sandbox: SandboxPartition(key: NewsletterBackend.neighbour))
        let before = try await neighbour.subscribers()
        #expect(before.map(\.identity).sorted() == NewsletterBackend.neighbourEmails.sorted())

        // The neighbour's unsubscribe token for jane.doe@example.com is token 201.
        await #expect(throws: NewsletterError.unknownToken) {
            try await home.unsubscribe(Fixtures.token(201).digest, Fixtures.now)
        }
        await #expect(throws: NewsletterError.unknownToken) {
            try await home.inspect(Fixtures.token(200).digest, .confirm, Fixtures.now)
        }
        _ = try await home.subscribe(Fixtures.signup("jane.doe@example.com"))
        _ = try await home.confirm(Fixtures.confirmation(1, unsubscribe: 3))
        _ = try await home.erase(Fixtures.token(3).digest)
        try await home.reset(NewsletterSeed.subscribers)

        #expect(try await neighbour.subscribers() == before)
        #expect(
            try await neighbour.inspect(Fixtures.token(201).digest, .unsubscribe, Fixtures.now).email
                == "jane.doe@example.com")

        try await database.write { db in try NewsletterRepository.dropSandbox(db, NewsletterBackend.neighbour) }
        #expect(try await neighbour.subscribers().isEmpty)
        #expect(try await home.subscribers() == NewsletterSeed.subscribers)
        let tokens = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM newsletter_tokens")
        }
        #expect(tokens == 0, "the neighbour's tokens went with it, and the erase took the home sandbox's")
    }
}
