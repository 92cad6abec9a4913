import Foundation
import HTTPKit
import HTTPTypes
import Testing

@testable import NewsletterFeature

@Suite("Newsletter pages")
struct NewsletterPageTests {
    static let token = Fixtures.token(1)

    func html(_ response: Response) -> String {
        String(decoding: response.body.bytes, as: UTF8.self)
    }

    @Test("everything echoed is escaped: an address may hold & and '")
    func escaping() {
        let page = html(NewsletterPage.confirm(email: "o'brien&co@example.com", token: Self.token, baseURL: "http://h"))
        #expect(page.contains("<strong>o&#39;brien&amp;co@example.com</strong>"))
        #expect(!page.contains("o'brien"))
        #expect(NewsletterPage.escape(#"<script>"x"</script>"#) == "&lt;script&gt;&quot;x&quot;&lt;/script&gt;")
    }

    @Test("the confirm page posts the token back to this origin, under the base's path")
    func confirmForm() {
        let page = html(
            NewsletterPage.confirm(
                email: "a@example.com", token: Self.token, baseURL: "https://demo.example/sandboxes/x"))
        #expect(page.contains(#"<form method="post" action="/sandboxes/x/newsletter/confirmations">"#))
        #expect(page.contains(#"<input type="hidden" name="token" value="\#(Self.token.text)">"#))
        #expect(!page.contains("<script"), "pages work without JavaScript")
    }

    @Test("pages send a strict policy whose style hash matches the page's one style element")
    func securityHeaders() throws {
        let response = NewsletterPage.unsubscribed(email: "a@example.com")
        let policy = try #require(response.headers[.contentSecurityPolicy])
        #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-"))
        #expect(policy.contains("form-action 'self'"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(response.headers[.referrerPolicy] == "no-referrer", "the token in the URL never leaks as a Referer")
        let page = html(response)
        let style = try #require(
            page.range(of: "<style>").flatMap { start in
                page.range(of: "</style>").map { String(page[start.upperBound..<$0.lowerBound]) }
            })
        let hash = Base64URL.standard(SHA256.digest(Array(style.utf8)))
        #expect(policy.contains("'sha256-\(hash)'"))
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
    }

    @Test("a failed token is a page with the problem's status")
    func failurePage() {
        #expect(NewsletterPage.failure(.expiredToken).status == .gone)
        #expect(NewsletterPage.failure(.unknownToken).status == .notFound)
    }
}
