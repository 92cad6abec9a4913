import HTTPKit
import Testing

@testable import NewsletterFeature

@Suite("Newsletter tokens")
struct NewsletterTokenTests {
    @Test("32 bytes become 43 base64url characters without padding")
    func encoding() {
        let token = NewsletterToken(randomBytes: Array(0..<32))
        #expect(token.text == "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
        #expect(
            NewsletterToken(randomBytes: Array(repeating: 0xFF, count: 32)).text == String(repeating: "_", count: 42)
                + "8")
        #expect(Base64URL.standard([0xFB, 0xFF]) == "+/8=")
    }

    @Test("the system generator makes distinct, well-formed tokens")
    func system() {
        let tokens = (0..<100).map { _ in TokenGenerator.system.next() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { NewsletterToken(parsing: $0.text) == $0 })
    }

    @Test(
        "only 43 base64url characters parse",
        arguments: [
            "", "abc", String(repeating: "A", count: 42), String(repeating: "A", count: 44),
            String(repeating: "A", count: 42) + "=", String(repeating: "A", count: 42) + "+",
            String(repeating: "A", count: 42) + "é",
        ])
    func parsing(text: String) {
        #expect(NewsletterToken(parsing: text) == nil)
    }

    @Test("the store's digest is the SHA-256 of the token text, and compares in constant time")
    func digest() {
        let token = NewsletterToken(randomBytes: Array(repeating: 7, count: 32))
        #expect(token.digest.bytes == SHA256.digest(Array(token.text.utf8)))
        #expect(token.digest == TokenDigest(bytes: token.digest.bytes))
        var last = token.digest.bytes
        last[31] ^= 1
        #expect(token.digest != TokenDigest(bytes: last))
        #expect(token.digest != TokenDigest(bytes: Array(last.prefix(31))))
    }
}
