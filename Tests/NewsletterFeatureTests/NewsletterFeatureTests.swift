import CasePathsCore
import Dependencies
import EmailRule
import Foundation
import HTTPKit
import HTTPTypes
import Reducers
import ReducersTesting
import Storage
import Testing

@testable import NewsletterFeature

@Suite("NewsletterFeature reducer")
struct NewsletterFeatureTests {
    static let base = "http://localhost:8080"
    static let now = Date(timeIntervalSince1970: TimeInterval(Fixtures.now.secondsSince1970))

    let outbox = Outbox(keepsMail: true)

    func makeStore(
        repository: NewsletterRepository = .inMemory(),
        policy: NewsletterPolicy = NewsletterPolicy(),
        _ prepare: @escaping (inout DependencyValues) -> Void = { _ in }
    ) -> TestStore<NewsletterFeature> {
        let outbox = outbox
        return TestStore(initialState: NewsletterFeature.State()) {
            NewsletterFeature()
        } withDependencies: {
            $0.newsletterRepository = repository
            $0.newsletterPolicy = policy
            $0.outbox = outbox
            $0.tokenGenerator = .counting()
            $0.date = .constant(Self.now)
            $0.uuid = .incrementing
            prepare(&$0)
        } isFinished: {
            $0.response != nil
        }
    }

    func request(_ operation: NewsletterRequest.Operation, html: Bool = false) -> NewsletterRequest {
        NewsletterRequest(operation, baseURL: Self.base, answersInHTML: html)
    }

    static func accepted(_ email: String) -> Response {
        Response(
            status: .accepted, headers: [.contentType: MediaType.json],
            body: ResponseBody(Array(#"{"status":"pending","email":"\#(email)"}"#.utf8)))
    }

    @Test("email-check answers the rule's verdict at once, without an effect")
    func emailCheck() async {
        let store = makeStore()
        let valid = request(.checkEmail("  Jane.Doe+news@Example.COM \n"))
        await store.send(valid) {
            $0.request = valid
            $0.response = .json(
                bytes: Array(
                    #"{"valid":true,"normalized":"Jane.Doe+news@example.com","reason":null,"message":null}"#.utf8))
        }
        await store.finish()
        let second = makeStore()
        let invalid = request(.checkEmail("user@@example.com"))
        await second.send(invalid) {
            $0.request = invalid
            $0.response = .json(
                bytes: Array(
                    #"{"valid":false,"normalized":null,"reason":"multiple_at","message":"An email address has exactly one @."}"#
                        .utf8))
        }
        await second.finish()
    }

    @Test("a new address: 202, pending, and a confirmation mail whose link carries the confirm token")
    func subscribeNew() async throws {
        let repository = NewsletterRepository.inMemory()
        let store = makeStore(repository: repository)
        let signup = request(.subscribe(Fixtures.address("new@example.com"), name: "New"))
        await store.send(signup) { $0.request = signup }
        await store.receive(\.internal.signedUp.success) { $0.response = Self.accepted("new@example.com") }
        await store.finish()

        let mails = try await outbox.list()
        #expect(mails.map(\.kind) == [.confirmation])
        #expect(mails.first?.confirmLink == Self.base + "/newsletter/confirm?token=" + Fixtures.token(1).text)
        #expect(mails.first?.unsubscribeLink == nil)
        #expect(mails.first?.text.contains("Hello New,") == true)
        let subscriber = try await repository.subscribers().last
        #expect(subscriber?.status == .pending)
    }

    @Test(
        "every seeded address gets the same answer as a new one; only the mail differs",
        arguments: [
            ("confirmed@example.com", MailKind.alreadySubscribed), ("pending@example.com", .confirmation),
            ("gone@example.com", .confirmation),
        ])
    func noEnumeration(email: String, mail: MailKind) async throws {
        let store = makeStore()
        let signup = request(.subscribe(Fixtures.address(email), name: nil))
        await store.send(signup) { $0.request = signup }
        await store.receive(\.internal.signedUp.success) { $0.response = Self.accepted(email) }
        await store.finish()
        #expect(try await outbox.list().map(\.kind) == [mail])
        if mail == .alreadySubscribed {
            #expect(
                try await outbox.list().first?.unsubscribeLink == Self.base + "/newsletter/unsubscribe?token="
                    + Fixtures.token(2).text)
        }
    }

    @Test("an address over its allowance gets 429, with no write and no mail")
    func addressLimit() async throws {
        let limiter = RateLimiter(
            limits: [NewsletterPolicy.addressResource: .init(requests: 1, enforced: true, windowSeconds: 3600)],
            now: { 1_000 })
        let store = makeStore(policy: NewsletterPolicy(addressLimiter: limiter))
        let first = request(.subscribe(Fixtures.address("limit@example.com"), name: nil))
        await store.send(first) { $0.request = first }
        await store.receive(\.internal.signedUp.success) { $0.response = Self.accepted("limit@example.com") }
        await store.finish()
        let again = makeStore(policy: NewsletterPolicy(addressLimiter: limiter))
        let second = request(.subscribe(Fixtures.address("LIMIT@example.com"), name: nil))
        await again.send(second) {
            $0.request = second
            $0.response = .problem(.rateLimited(client: "This address", retryAfter: 3600))
        }
        await again.finish()
        #expect(try await outbox.list().count == 1)
    }

    @Test("confirm: 200 with the status, and a welcome mail with the List-Unsubscribe link")
    func confirm() async throws {
        let repository = NewsletterRepository.inMemory()
        _ = try await repository.subscribe(Fixtures.signup("c@example.com", confirm: 7))
        let store = makeStore(repository: repository)
        let confirm = request(.confirm(Fixtures.token(7)))
        await store.send(confirm) { $0.request = confirm }
        await store.receive(\.internal.confirmed.success) {
            $0.response = .json(bytes: Array(#"{"status":"confirmed","email":"c@example.com"}"#.utf8))
        }
        await store.finish()
        let welcome = try await outbox.list().first
        #expect(welcome?.kind == .welcome)
        #expect(
            welcome?.listHeaders.map { "\($0.name): \($0.value)" } == [
                "List-Unsubscribe: <\(Self.base)/newsletter/unsubscribe?token=\(Fixtures.token(1).text)>",
                "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
            ])
    }

    @Test("confirm from the page's form answers with a page")
    func confirmInHTML() async throws {
        let repository = NewsletterRepository.inMemory()
        _ = try await repository.subscribe(Fixtures.signup("b@example.com"))
        let store = makeStore(repository: repository)
        let confirm = request(.confirm(Fixtures.token(1)), html: true)
        await store.send(confirm) { $0.request = confirm }
        await store.receive(\.internal.confirmed.success) {
            $0.response = NewsletterPage.confirmed(email: "b@example.com")
        }
        await store.finish()
    }

    @Test("a token that is not one is 404 at once: a problem, or a page for a person")
    func malformedToken() async {
        let store = makeStore()
        let json = request(.confirm(nil))
        await store.send(json) {
            $0.request = json
            $0.response = .problem(NewsletterError.unknownToken.problem)
        }
        await store.finish()
        let pageStore = makeStore()
        let page = request(.showConfirmation(nil), html: true)
        await pageStore.send(page) {
            $0.request = page
            $0.response = NewsletterPage.failure(.unknownToken)
        }
        await pageStore.finish()
    }

    @Test("an expired token is 410")
    func expired() async throws {
        let repository = NewsletterRepository.inMemory()
        _ = try await repository.subscribe(
            Fixtures.signup("x@example.com", at: Fixtures.now.adding(seconds: -Fixtures.lifetime)))
        let store = makeStore(repository: repository)
        let confirm = request(.confirm(Fixtures.token(1)))
        await store.send(confirm) { $0.request = confirm }
        await store.receive(\.internal.confirmed.failure) {
            $0.response = .problem(NewsletterError.expiredToken.problem)
        }
        await store.finish()
        #expect(try await outbox.list().isEmpty, "no welcome mail")
    }

    @Test("the confirm link's page has the button and changes nothing")
    func confirmationPage() async throws {
        let repository = NewsletterRepository.inMemory()
        _ = try await repository.subscribe(Fixtures.signup("p@example.com"))
        let store = makeStore(repository: repository)
        let page = request(.showConfirmation(Fixtures.token(1)), html: true)
        await store.send(page) { $0.request = page }
        await store.receive(\.internal.inspected.success) {
            $0.response = NewsletterPage.confirm(email: "p@example.com", token: Fixtures.token(1), baseURL: Self.base)
        }
        await store.finish()
        #expect(try await repository.subscribers().last?.status == .pending)
    }

    @Test("the unsubscribe link: a page for a person, the status as JSON for a client that asks")
    func unsubscribePage() async throws {
        let repository = NewsletterRepository.inMemory()
        _ = try await repository.subscribe(Fixtures.signup("confirmed@example.com"))
        for html in [true, false] {
            let store = makeStore(repository: repository)
            let page = request(.showUnsubscribe(Fixtures.token(2)), html: html)
            await store.send(page) { $0.request = page }
            await store.receive(\.internal.inspected.success) {
                $0.response =
                    html
                    ? NewsletterPage.unsubscribe(
                        email: "confirmed@example.com", token: Fixtures.token(2), baseURL: Self.base)
                    : .json(bytes: Array(#"{"status":"confirmed","email":"confirmed@example.com"}"#.utf8))
            }
            await store.finish()
        }
    }

    @Test("one-click unsubscribe: 200 unsubscribed")
    func unsubscribe() async throws {
        let repository = NewsletterRepository.inMemory()
        _ = try await repository.subscribe(Fixtures.signup("confirmed@example.com"))
        let store = makeStore(repository: repository)
        let post = request(.unsubscribe(Fixtures.token(2)))
        await store.send(post) { $0.request = post }
        await store.receive(\.internal.unsubscribed.success) {
            $0.response = .json(bytes: Array(#"{"status":"unsubscribed","email":"confirmed@example.com"}"#.utf8))
        }
        await store.finish()
    }

    @Test("erase: 204, and the address's mail leaves the outbox")
    func erase() async throws {
        let repository = NewsletterRepository.inMemory()
        let store = makeStore(repository: repository)
        let signup = request(.subscribe(Fixtures.address("confirmed@example.com"), name: nil))
        await store.send(signup) { $0.request = signup }
        await store.receive(\.internal.signedUp.success) { $0.response = Self.accepted("confirmed@example.com") }
        await store.finish()
        #expect(try await outbox.list().count == 1)

        let eraseStore = makeStore(repository: repository)
        let erase = request(.erase(Fixtures.token(2)))
        await eraseStore.send(erase) { $0.request = erase }
        await eraseStore.receive(\.internal.erased.success) { $0.response = Response(status: .noContent) }
        await eraseStore.finish()
        #expect(try await outbox.list().isEmpty)
        #expect(try await repository.subscribers().map(\.email) == ["pending@example.com", "gone@example.com"])
    }

    @Test("an unexpected repository failure is a 500 without internals")
    func repositoryFailure() async throws {
        var failing = NewsletterRepository.inMemory()
        failing.subscribe = { _ in throw RepositoryError.unknown("disk I/O error at /var/lib/secret.db") }
        let store = makeStore(repository: failing)
        let signup = request(.subscribe(Fixtures.address("a@example.com"), name: nil))
        await store.send(signup) { $0.request = signup }
        await store.receive(\.internal.signedUp.failure) {
            $0.response = .problem(
                .internalError(cause: "RepositoryError.unknown: disk I/O error at /var/lib/secret.db"))
        }
        await store.finish()
        #expect(try await outbox.list().isEmpty, "a failed sign-up sends nothing")
    }

    @Test("the admin views: subscribers, the outbox newest first, one mail as message/rfc822, 404 for another")
    func admin() async throws {
        let subscribers = request(.listSubscribers)
        let store = makeStore()
        await store.send(subscribers) { $0.request = subscribers }
        await store.receive(\.internal.listed.success) {
            $0.response = NewsletterResponses.list(NewsletterSeed.subscribers)
        }
        await store.finish()

        let first = Mail(
            id: UUID(0), to: "a@example.com", kind: .confirmation, subject: "s", sentAt: Fixtures.now, confirmLink: "l",
            unsubscribeLink: nil, text: "t")
        var second = first
        second.id = UUID(1)
        second.to = "B@example.com"
        try await outbox.deliver(first)
        try await outbox.deliver(second)
        let answers: [(NewsletterRequest.Operation, Response)] = [
            (.listOutbox(to: nil, limit: 200), NewsletterResponses.list([second, first])),
            (.listOutbox(to: nil, limit: 1), NewsletterResponses.list([second])),
            (.listOutbox(to: "b@EXAMPLE.com", limit: 200), NewsletterResponses.list([second])),
            (.outboxMessage(UUID(1)), NewsletterResponses.message(second)),
            (
                .outboxMessage(UUID(9)),
                .problem(.notFound("No mail 00000000-0000-0000-0000-000000000009 is in the outbox."))
            ),
            (.clearOutbox, Response(status: .noContent)),
        ]
        for (operation, response) in answers {
            let store = makeStore()
            let admin = request(operation)
            await store.send(admin) { $0.request = admin }
            await store.receive(\.internal.outboxRead.success) { $0.response = response }
            await store.finish()
        }
        #expect(try await outbox.list().isEmpty)
    }
}
