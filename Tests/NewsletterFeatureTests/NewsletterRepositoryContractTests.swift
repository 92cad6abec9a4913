import HTTPKit
import NewsletterFeature
import Testing

/// The contract every newsletter backend keeps: api.md §4's double opt-in, step by step.
@Suite("NewsletterRepository contract")
struct NewsletterRepositoryContractTests {
    @Test("starts with the three seeded subscribers, oldest first", arguments: NewsletterBackend.allCases)
    func seeded(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        #expect(try await newsletter.subscribers() == NewsletterSeed.subscribers)
    }

    @Test("a new address becomes pending and its confirm token confirms it once", arguments: NewsletterBackend.allCases)
    func doubleOptIn(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        let outcome = try await newsletter.subscribe(Fixtures.signup("Jane.Doe@Example.com", name: "Jane"))
        guard case .confirmationSent(let pending) = outcome else {
            Issue.record("a new address must get a confirmation mail, got \(outcome)")
            return
        }
        #expect(pending.email == "Jane.Doe@example.com")
        #expect(pending.identity == "jane.doe@example.com")
        #expect(pending.status == .pending)
        #expect(pending.name == "Jane")

        let page = try await newsletter.inspect(Fixtures.token(1).digest, .confirm, Fixtures.now)
        #expect(page.status == .pending, "inspecting a token changes nothing")

        let later = Fixtures.now.adding(seconds: 60)
        let confirmed = try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 3, at: later))
        #expect(confirmed.newlyConfirmed)
        #expect(confirmed.subscriber.status == .confirmed)
        #expect(confirmed.subscriber.confirmedAt == later)

        let again = try await newsletter.confirm(
            Fixtures.confirmation(1, unsubscribe: 4, at: later.adding(seconds: 60)))
        #expect(again == ConfirmOutcome(subscriber: confirmed.subscriber, newlyConfirmed: false))
        await #expect(throws: NewsletterError.unknownToken, "a repeat keeps no new unsubscribe token") {
            try await newsletter.unsubscribe(Fixtures.token(4).digest, later)
        }
        let stored = try await newsletter.subscribers().first { $0.identity == "jane.doe@example.com" }
        #expect(stored == confirmed.subscriber)
    }

    @Test("an unknown token is 404, whatever the endpoint", arguments: NewsletterBackend.allCases)
    func unknownTokens(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        let unknown = Fixtures.token(99).digest
        await #expect(throws: NewsletterError.unknownToken) {
            try await newsletter.confirm(Confirmation(token: unknown, unsubscribeToken: unknown, now: Fixtures.now))
        }
        await #expect(throws: NewsletterError.unknownToken) {
            try await newsletter.inspect(unknown, .confirm, Fixtures.now)
        }
        await #expect(throws: NewsletterError.unknownToken) { try await newsletter.unsubscribe(unknown, Fixtures.now) }
        await #expect(throws: NewsletterError.unknownToken) { try await newsletter.erase(unknown) }
    }

    @Test("a token of one kind does nothing as the other", arguments: NewsletterBackend.allCases)
    func kindsAreKept(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        _ = try await newsletter.subscribe(Fixtures.signup("a@example.com"))
        await #expect(throws: NewsletterError.unknownToken, "a confirm token cannot unsubscribe") {
            try await newsletter.unsubscribe(Fixtures.token(1).digest, Fixtures.now)
        }
        await #expect(throws: NewsletterError.unknownToken, "a confirm token cannot erase") {
            try await newsletter.erase(Fixtures.token(1).digest)
        }
        _ = try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 3))
        await #expect(throws: NewsletterError.unknownToken, "an unsubscribe token cannot confirm") {
            try await newsletter.confirm(Fixtures.confirmation(3, unsubscribe: 5))
        }
    }

    @Test("an unused confirm token expires after its lifetime: 410", arguments: NewsletterBackend.allCases)
    func expiry(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        _ = try await newsletter.subscribe(Fixtures.signup("late@example.com"))
        let expiry = Fixtures.now.adding(seconds: Fixtures.lifetime)
        _ = try await newsletter.inspect(Fixtures.token(1).digest, .confirm, expiry.adding(seconds: -1))
        await #expect(throws: NewsletterError.expiredToken) {
            try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 3, at: expiry))
        }
        await #expect(throws: NewsletterError.expiredToken) {
            try await newsletter.inspect(Fixtures.token(1).digest, .confirm, expiry)
        }
    }

    @Test(
        "a used token answers again only while confirmed and within its lifetime", arguments: NewsletterBackend.allCases
    )
    func usedTokens(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        _ = try await newsletter.subscribe(Fixtures.signup("used@example.com"))
        _ = try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 3))
        let expiry = Fixtures.now.adding(seconds: Fixtures.lifetime)
        await #expect(throws: NewsletterError.expiredToken, "used and past its lifetime") {
            try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 4, at: expiry))
        }
        _ = try await newsletter.unsubscribe(Fixtures.token(3).digest, Fixtures.now)
        await #expect(throws: NewsletterError.expiredToken, "used, but no longer confirmed") {
            try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 4))
        }
    }

    @Test(
        "a confirmed address signing up stays confirmed and gets an unsubscribe token",
        arguments: NewsletterBackend.allCases)
    func confirmedSignsUpAgain(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        let seeded = NewsletterSeed.subscribers[0]
        let outcome = try await newsletter.subscribe(Fixtures.signup("CONFIRMED@example.com", name: "Someone else"))
        #expect(outcome == .alreadyConfirmed(seeded), "nothing about the subscriber changes")
        await #expect(throws: NewsletterError.unknownToken, "no confirm token was kept") {
            try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 5))
        }
        let unsubscribed = try await newsletter.unsubscribe(Fixtures.token(2).digest, Fixtures.now)
        #expect(unsubscribed.status == .unsubscribed)
        #expect(unsubscribed.unsubscribedAt == Fixtures.now)
    }

    @Test(
        "pending and unsubscribed addresses get a fresh confirm token; older unexpired ones stay valid",
        arguments: NewsletterBackend.allCases)
    func pendingAndGone(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        for (email, first) in [("pending@example.com", UInt8(1)), ("gone@example.com", UInt8(11))] {
            guard
                case .confirmationSent(let subscriber) = try await newsletter.subscribe(
                    Fixtures.signup(email, confirm: first))
            else {
                Issue.record("\(email) must get a confirmation mail")
                continue
            }
            #expect(subscriber.status == .pending)
            #expect(subscriber.unsubscribedAt == nil)
            _ = try await newsletter.subscribe(Fixtures.signup(email, confirm: first + 2))
            let confirmed = try await newsletter.confirm(Fixtures.confirmation(first, unsubscribe: first + 5))
            #expect(confirmed.newlyConfirmed, "the older token still confirms \(email)")
            let second = try await newsletter.confirm(Fixtures.confirmation(first + 2, unsubscribe: first + 6))
            #expect(!second.newlyConfirmed, "a second token of a confirmed address sends no second welcome")
        }
    }

    @Test("unsubscribing repeats harmlessly and voids unused confirm tokens", arguments: NewsletterBackend.allCases)
    func unsubscribe(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        _ = try await newsletter.subscribe(Fixtures.signup("u@example.com", confirm: 1))
        _ = try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 3))
        _ = try await newsletter.subscribe(Fixtures.signup("u@example.com", confirm: 5))
        let first = try await newsletter.unsubscribe(Fixtures.token(3).digest, Fixtures.now)
        let second = try await newsletter.unsubscribe(Fixtures.token(3).digest, Fixtures.now.adding(seconds: 60))
        #expect(second == first, "a repeat changes nothing, not even unsubscribedAt")
        #expect(
            try await newsletter.inspect(Fixtures.token(3).digest, .unsubscribe, Fixtures.now).status == .unsubscribed)

        _ = try await newsletter.subscribe(Fixtures.signup("u@example.com", confirm: 7))
        await #expect(throws: NewsletterError.unknownToken, "signing up again replaces the unsubscribe token") {
            try await newsletter.unsubscribe(Fixtures.token(3).digest, Fixtures.now)
        }
    }

    @Test("erase removes the subscriber and every token", arguments: NewsletterBackend.allCases)
    func erase(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        _ = try await newsletter.subscribe(Fixtures.signup("erase@example.com"))
        _ = try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 3))
        let erased = try await newsletter.erase(Fixtures.token(3).digest)
        #expect(erased.identity == "erase@example.com")
        #expect(try await newsletter.subscribers() == NewsletterSeed.subscribers)
        await #expect(throws: NewsletterError.unknownToken) { try await newsletter.erase(Fixtures.token(3).digest) }
        await #expect(throws: NewsletterError.unknownToken) {
            try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 4))
        }
    }

    @Test(
        "reset puts back exactly the seed: new subscribers and every token gone", arguments: NewsletterBackend.allCases)
    func reset(backend: NewsletterBackend) async throws {
        let newsletter = try await backend.make()
        _ = try await newsletter.subscribe(Fixtures.signup("reset@example.com"))
        _ = try await newsletter.subscribe(Fixtures.signup("pending@example.com", confirm: 5))
        #expect(try await newsletter.subscribers() != NewsletterSeed.subscribers)
        try await newsletter.reset(NewsletterSeed.subscribers)
        #expect(try await newsletter.subscribers() == NewsletterSeed.subscribers)
        await #expect(throws: NewsletterError.unknownToken, "tokens issued before the reset are void") {
            try await newsletter.confirm(Fixtures.confirmation(1, unsubscribe: 3))
        }
    }
}
