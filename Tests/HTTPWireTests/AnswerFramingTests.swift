import HTTPKit
@testable import HTTPWire
import Testing

/// An exchange keeps only what frames its answer; each part must say what the head said.
@Suite("Answer framing")
struct AnswerFramingTests {
    private func framing(_ text: String) throws -> AnswerFraming {
        try Array(text.utf8).withUnsafeBytes { bytes throws(RequestRefusal) in
            try RequestHead(bytes, maxBodyBytes: 0).answerFraming
        }
    }

    @Test(
        "version, keep-alive and a body follow the head",
        arguments: [
            ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", false, true, false),
            ("HEAD / HTTP/1.1\r\nHost: a\r\n\r\n", false, true, true),
            ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false, false, false),
            ("GET / HTTP/1.0\r\n\r\n", true, false, false),
            ("HEAD / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true, true, true),
        ] as [(String, Bool, Bool, Bool)])
    func followsHead(head: String, isHTTP10: Bool, keepsAlive: Bool, omitsBody: Bool) throws {
        let framing = try framing(head)
        #expect(framing.isHTTP10 == isHTTP10)
        #expect(framing.keepsAlive == keepsAlive)
        #expect(framing.omitsBody == omitsBody)
    }
}
