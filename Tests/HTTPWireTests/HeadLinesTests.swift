import HTTPKit
@testable import HTTPWire
import Testing

/// A head's lines end in CRLF; whichever of a CR without LF or a bare LF comes first is the refusal.
@Suite("Head lines")
struct HeadLinesTests {
    private func refusal(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { bytes -> String? in
            do throws(RequestRefusal) {
                _ = try RequestHead(bytes, maxBodyBytes: 0)
                return nil
            } catch {
                return error.detail
            }
        }
    }

    private let strayCR = "A CR in the head is not followed by LF; lines end in CRLF."
    private let bareLF = "A line of the head ends in a bare LF; lines end in CRLF (RFC 9112 §2.2)."

    @Test("lines in CRLF are read, with an empty value and a field that is all spaces")
    func crlfLines() {
        #expect(refusal("GET / HTTP/1.1\r\nHost: a\r\nX-Empty:\r\nX-Blank:   \r\n\r\n") == nil)
    }

    @Test(
        "the first offence is named: a CR without LF, or a bare LF, in any line",
        arguments: [
            ("GET / HTTP/1.1\rX\r\nHost: a\r\n\r\n", true),
            ("GET / HTTP/1.1\nHost: a\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nHost: a\rb\nc\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nHost: a\nb\rc\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nHost: a\r\n\n", false),
            ("GET / HTTP/1.1\r\nHost: a\r\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nHost: a\r\n\r", true),
        ] as [(String, Bool)])
    func offences(head: String, isStrayCR: Bool) {
        #expect(refusal(head) == (isStrayCR ? strayCR : bareLF))
    }
}
