import AppFeature
import ConcurrencyExtras
import CounterpartTestSupport
import Dependencies
import Foundation
import HTTPKit
import NewsletterFeature
import Testing

@Suite("Newsletter over HTTP, in process")
struct NewsletterHTTPTests {
    static let start = Date(timeIntervalSince1970: 1_767_312_000)

    /// Every store's dependencies: in-memory subscribers, a kept outbox, a clock the test moves.
    static func dependencies(outbox: Outbox, clock: LockIsolated<Date> = LockIsolated(start)) -> DependencyValues {
        var values = DependencyValues._current
        values.newsletterRepository = .inMemory()
        values.outbox = outbox
        values.newsletterPolicy = NewsletterPolicy()
        values.tokenGenerator = .system
        values.date = DateGenerator { clock.value }
        values.uuid = .incrementing
        return values
    }

    static func json(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object))
    }

    static let jsonType = [("Content-Type", "application/json")]
    static let formType = [("Content-Type", "application/x-www-form-urlencoded")]

    /// The path and query of one of the server's absolute links.
    static func target(of link: String) throws -> String {
        let url = try #require(URL(string: link))
        return url.path + (url.query.map { "?" + $0 } ?? "")
    }

    @Test("the whole double opt-in, from the outbox's links, as a person and a mail provider would")
    func doubleOptIn() async throws {
        let outbox = Outbox(keepsMail: true)
        try await InProcessApp.run(dependencies: Self.dependencies(outbox: outbox), dev: true) {
            (client: InProcessApp) async throws in
            let signup = try await client.request(
                "POST", "/newsletter/subscriptions", headers: Self.formType,
                body: Array("email=Ada%40Example.org&name=Ada+L".utf8))
            #expect(signup.status == 202)
            #expect(signup.text == #"{"status":"pending","email":"Ada@example.org"}"#)
            #expect(signup.header("Cache-Control") == "no-store")

            let confirmation = try #require(try await outbox.list(to: "ada@example.org").first)
            #expect(confirmation.kind == .confirmation)
            let confirmLink = try #require(confirmation.confirmLink)
            #expect(confirmLink.hasPrefix("http://127.0.0.1/newsletter/confirm?token="), "the base is built from Host")

            let page = try await client.request(
                "GET", try Self.target(of: confirmLink), headers: [("Accept", "text/html")])
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true)
            #expect(page.text.contains(#"<form method="post" action="/newsletter/confirmations">"#))
            let token = String(confirmLink.split(separator: "=").last ?? "")
            #expect(page.text.contains(#"value="\#(token)""#))
            let listed = try await client.request("GET", "/__admin/newsletter/subscribers")
            #expect(
                listed.text.contains(#"{"email":"Ada@example.org","status":"pending""#),
                "opening the page changed nothing")

            let confirmed = try await client.request(
                "POST", "/newsletter/confirmations", headers: Self.formType + [("Accept", "text/html,*/*;q=0.8")],
                body: Array("token=\(token)".utf8))
            #expect(confirmed.status == 200)
            #expect(confirmed.text.contains("Subscription confirmed"))
            let again = try await client.request(
                "POST", "/newsletter/confirmations", headers: Self.jsonType, body: try Self.json(["token": token]))
            #expect(again.status == 200, "a used token again, while confirmed")
            #expect(again.text == #"{"status":"confirmed","email":"Ada@example.org"}"#)

            let welcome = try #require(try await outbox.list(to: "ADA@example.org").first)
            #expect(welcome.kind == .welcome)
            let unsubscribe = try #require(welcome.unsubscribeLink)
            #expect(welcome.listHeaders.first?.value == "<\(unsubscribe)>")
            let unsubscribePage = try await client.request("GET", try Self.target(of: unsubscribe))
            #expect(unsubscribePage.text.contains("<button type=\"submit\">Unsubscribe</button>"))
            let asJSON = try await client.request(
                "GET", try Self.target(of: unsubscribe), headers: [("Accept", "application/json")])
            #expect(asJSON.text == #"{"status":"confirmed","email":"Ada@example.org"}"#)

            // RFC 8058: what a mail provider's one-click button sends.
            for _ in 0..<2 {
                let oneClick = try await client.request(
                    "POST", try Self.target(of: unsubscribe), headers: Self.formType,
                    body: Array("List-Unsubscribe=One-Click".utf8))
                #expect(oneClick.status == 200)
                #expect(oneClick.text == #"{"status":"unsubscribed","email":"Ada@example.org"}"#)
            }
            let gone = try await client.request(
                "POST", "/newsletter/confirmations", headers: Self.jsonType, body: try Self.json(["token": token]))
            #expect(gone.status == 410, "used, and no longer confirmed")

            let eraseTarget = "/newsletter/subscriptions/" + String(unsubscribe.split(separator: "=").last ?? "")
            #expect(try await client.request("DELETE", eraseTarget).status == 204)
            #expect(try await outbox.list(to: "ada@example.org").isEmpty, "its mail went with it")
            #expect(try await client.request("DELETE", eraseTarget).status == 404)
            #expect(!(try await client.request("GET", "/__admin/newsletter/subscribers").text.contains("Ada@")))
        }
    }

    @Test("no enumeration: the seeded addresses and a new one get the same status, bytes and headers")
    func noEnumeration() async throws {
        let outbox = Outbox(keepsMail: true)
        try await InProcessApp.run(dependencies: Self.dependencies(outbox: outbox), dev: true) {
            (client: InProcessApp) async throws in
            var answers: [(status: Int, body: String, headers: [String])] = []
            for email in ["confirmed@example.com", "pending@example.com", "gone@example.com", "new@example.com"] {
                let response = try await client.request(
                    "POST", "/newsletter/subscriptions", headers: Self.jsonType, body: try Self.json(["email": email]))
                // Per request: the request id, the timings, the per-client window's count, the length
                // of a body that echoes the address, and the second it was answered in.
                let varying: Set<String> = [
                    "x-request-id", "server-timing", "x-ratelimit-remaining", "x-ratelimit-used", "x-ratelimit-reset",
                    "content-length", "date",
                ]
                let headers = response.headers.filter { !varying.contains($0.0.lowercased()) }.map {
                    "\($0.0): \($0.1)"
                }
                answers.append(
                    (response.status, response.text.replacingOccurrences(of: email, with: "ADDRESS"), headers))
            }
            #expect(Set(answers.map(\.status)) == [202])
            #expect(Set(answers.map(\.body)) == [#"{"status":"pending","email":"ADDRESS"}"#])
            #expect(answers.allSatisfy { $0.headers == answers[0].headers }, "\(answers.map(\.headers))")
            #expect(
                try await outbox.list().map(\.kind) == [
                    .confirmation, .confirmation, .confirmation, .alreadySubscribed,
                ],
                "newest first")
        }
    }

    @Test("a confirm link expires after --token-ttl: 410, as a page and as a problem")
    func expiry() async throws {
        let outbox = Outbox(keepsMail: true)
        let clock = LockIsolated(Self.start)
        try await InProcessApp.run(dependencies: Self.dependencies(outbox: outbox, clock: clock), dev: true) {
            (app: InProcessApp) async throws in
            let client = app
            _ = try await client.request(
                "POST", "/newsletter/subscriptions", headers: Self.jsonType,
                body: try Self.json(["email": "late@example.com"]))
            let link = try #require(try await outbox.list().first?.confirmLink)
            clock.setValue(Self.start.addingTimeInterval(48 * 3600 - 1))
            #expect(try await client.request("GET", try Self.target(of: link)).status == 200)
            clock.setValue(Self.start.addingTimeInterval(48 * 3600))
            let page = try await client.request("GET", try Self.target(of: link), headers: [("Accept", "text/html")])
            #expect(page.status == 410)
            #expect(page.text.contains("This link has expired"))
            let token = String(link.split(separator: "=").last ?? "")
            let problem = try await client.request(
                "POST", "/newsletter/confirmations", headers: Self.jsonType, body: try Self.json(["token": token]))
            #expect(problem.status == 410)
            #expect(problem.text.contains(#""type":"urn:counterpart:problem:gone""#))
        }
    }

    @Test("bad input: every malformed body, wrong type, oversized field and bad token has its problem")
    func badInput() async throws {
        let outbox = Outbox(keepsMail: true)
        try await InProcessApp.run(dependencies: Self.dependencies(outbox: outbox), dev: true) {
            (client: InProcessApp) async throws in
            func subscribe(_ body: String, type: [(String, String)] = Self.jsonType) async throws -> ClientResponse {
                try await client.request("POST", "/newsletter/subscriptions", headers: type, body: Array(body.utf8))
            }
            let invalid = try await subscribe(#"{"email":"user@@example.com"}"#)
            #expect(invalid.status == 422)
            #expect(
                invalid.text.contains(
                    #"{"field":"email","code":"multiple_at","detail":"An email address has exactly one @."}"#))
            #expect(try await subscribe(#"{"name":"x"}"#).text.contains(#""field":"email","code":"missing""#))
            #expect(try await subscribe(#"{"email":5}"#).text.contains(#""field":"email","code":"type""#))
            let longName = try await subscribe(
                #"{"email":"a@example.com","name":"\#(String(repeating: "é", count: 101))"}"#)
            #expect(longName.status == 422)
            #expect(longName.text.contains(#""field":"name","code":"too_long""#))
            #expect(
                try await subscribe(#"{"email":"a@example.com","name":"\#(String(repeating: "é", count: 100))"}"#)
                    .status
                    == 202)
            #expect(try await subscribe(#"{"email":"#).status == 400)
            #expect(try await subscribe("email=a%40example.com", type: [("Content-Type", "text/plain")]).status == 415)
            #expect(
                try await subscribe(#"{"email":"b@example.com"}"#, type: Self.formType).status == 202,
                "JSON labelled as a form")
            #expect(
                try await subscribe("email=not-an-address", type: Self.formType).text.contains(#""code":"missing_at""#))
            #expect(try await client.request("GET", "/newsletter/confirm").status == 400, "no token at all")
            #expect(try await client.request("GET", "/newsletter/confirm?token=short").status == 404)
            let unknown = String(repeating: "A", count: 43)
            #expect(try await client.request("POST", "/newsletter/unsubscribe?token=\(unknown)").status == 404)
            #expect(try await client.request("DELETE", "/newsletter/subscriptions/\(unknown)").status == 404)
            #expect(
                try await client.request(
                    "POST", "/newsletter/confirmations", headers: Self.jsonType, body: Array(#"{"token":1}"#.utf8)
                )
                .status == 422)
            #expect(try await client.request("GET", "/__admin/outbox?limit=0").status == 400)
            #expect(try await client.request("GET", "/__admin/outbox/nope.eml").status == 404)
            #expect(try await outbox.list().count == 2, "only the two valid sign-ups sent mail")
        }
    }

    @Test("email-check answers the same rule over HTTP")
    func emailCheck() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies(outbox: Outbox(keepsMail: false))) {
            (client: InProcessApp) async throws in
            let valid = try await client.request(
                "GET", "/newsletter/email-check?email=%20%20Jane.Doe%2Bnews%40Example.COM%20%0A")
            #expect(
                valid.text == #"{"valid":true,"normalized":"Jane.Doe+news@example.com","reason":null,"message":null}"#)
            #expect(valid.header("ETag") != nil)
            let empty = try await client.request("GET", "/newsletter/email-check")
            #expect(
                empty.text == #"{"valid":false,"normalized":null,"reason":"empty","message":"Enter an email address."}"#
            )
        }
    }

    @Test("without --dev the outbox keeps nothing and /__admin is 404")
    func withoutDev() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies(outbox: Outbox(keepsMail: false))) {
            (client: InProcessApp) async throws in
            for path in ["/__admin/outbox", "/__admin/newsletter/subscribers"] {
                let answer = try await client.request("GET", path)
                #expect(answer.status == 404, "\(path)")
            }
        }
    }

    @Test("per-client and per-address limits answer the same 429 for every address")
    func rateLimits() async throws {
        let limiter = RateLimiter.standard(overrides: ["newsletter": .init(requests: 2, enforced: true)], now: { 0 })
        var values = Self.dependencies(outbox: Outbox(keepsMail: true))
        values.newsletterPolicy = NewsletterPolicy(
            addressLimiter: RateLimiter(
                limits: ["newsletter-address": .init(requests: 1, enforced: true, windowSeconds: 3600)], now: { 0 }))
        try await InProcessApp.run(dependencies: values, rateLimiter: limiter) { (client: InProcessApp) async throws in
            func subscribe(_ email: String) async throws -> ClientResponse {
                try await client.request(
                    "POST", "/newsletter/subscriptions", headers: Self.jsonType, body: try Self.json(["email": email]))
            }
            #expect(try await subscribe("confirmed@example.com").status == 202)
            let perAddress = try await subscribe("Confirmed@example.com")
            #expect(perAddress.status == 429)
            #expect(perAddress.header("Retry-After") == "3600")
            #expect(!perAddress.text.contains("confirmed"), "the 429 names no address")
            let perClient = try await subscribe("new@example.com")
            #expect(perClient.status == 429)
            #expect(perClient.header("X-RateLimit-Resource") == "newsletter")
        }
    }

    @Test("an Idempotency-Key replays the 202 without a second mail")
    func idempotency() async throws {
        let outbox = Outbox(keepsMail: true)
        try await InProcessApp.run(dependencies: Self.dependencies(outbox: outbox)) {
            (client: InProcessApp) async throws in
            let headers = Self.jsonType + [("Idempotency-Key", "signup-1")]
            let body = try Self.json(["email": "once@example.com"])
            let first = try await client.request("POST", "/newsletter/subscriptions", headers: headers, body: body)
            let second = try await client.request("POST", "/newsletter/subscriptions", headers: headers, body: body)
            #expect(first.status == 202)
            #expect(second.text == first.text)
            #expect(second.header("Idempotent-Replayed") == "true")
            #expect(try await outbox.list().count == 1)
        }
    }
}
