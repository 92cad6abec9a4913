#if PostgreSQL
import CounterpartTestSupport
import Foundation
import HTTPKit
import NewsletterPostgres
import PostgresStorage
import Testing

@testable import NewsletterFeature

/// The outbox in PostgreSQL, where every instance reads it.
@Suite("Outbox shared in PostgreSQL")
struct PostgresOutboxTests {
    @Test("the outbox: a mail sent through one instance is read through another, newest first, per sandbox")
    func outbox() async throws {
        let backend = try await TestPostgres.migratedBackend(NewsletterMigrations.postgres)
        let other = try await TestPostgres.backend(at: backend.url)
        let sender = Outbox(keepsMail: true, mailLimit: 3, shared: PostgresOutbox(backend, sandbox: "default"))
        let reader = Outbox(keepsMail: true, shared: PostgresOutbox(other, sandbox: "default"))
        let mails = (1...4).map { number in
            Mail(
                id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)") ?? UUID(),
                to: "U\(number % 2)@x.org",
                kind: .confirmation, subject: "s\(number)", sentAt: Timestamp(secondsSince1970: Int64(number)),
                confirmLink: "c\(number)", unsubscribeLink: nil, text: "t")
        }
        for mail in mails { try await sender.deliver(mail) }
        #expect(try await reader.list() == Array(mails.suffix(3).reversed()), "the newest 3, newest first")
        #expect(try await reader.list(to: "u1@X.ORG") == [mails[2]])
        #expect(try await reader.mail(mails[3].id) == mails[3])
        #expect(try await reader.mail(mails[0].id) == nil, "dropped beyond the limit")
        let elsewhere = reader.sandboxed("elsewhere", mailLimit: 50)
        #expect(try await elsewhere.list().isEmpty)
        try await reader.erase(to: "U0@x.org")
        #expect(try await sender.list().map(\.id) == [mails[2].id])
        try await sender.clear()
        #expect(try await reader.list().isEmpty)
    }

    @Test("an address PostgreSQL's text cannot hold (a NUL) matches no mail, as in memory, and erases none")
    func nulAddress() async throws {
        let backend = try await TestPostgres.migratedBackend(NewsletterMigrations.postgres)
        let outbox = Outbox(keepsMail: true, shared: PostgresOutbox(backend, sandbox: "default"))
        let mail = Mail(
            id: UUID(uuidString: "00000000-0000-4000-8000-000000000001") ?? UUID(), to: "a@x.org",
            kind: .confirmation, subject: "s", sentAt: Timestamp(secondsSince1970: 1), confirmLink: "c",
            unsubscribeLink: nil, text: "t")
        try await outbox.deliver(mail)
        #expect(try await outbox.list(to: "a@x.org\u{0}").isEmpty)
        try await outbox.erase(to: "a@x.org\u{0}")
        #expect(try await outbox.list() == [mail])
    }
}
#endif
