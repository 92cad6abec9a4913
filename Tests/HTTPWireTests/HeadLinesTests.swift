import HTTPKit
import HTTPTypes
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

    @Test("every field is kept in order, however many the head has room reserved for", arguments: [0, 1, 12, 40])
    func fieldsKept(count: Int) throws {
        let fields = (0..<count).map { "X-Field-\($0): value \($0)\r\n" }.joined()
        let version = count == 0 ? "1.0" : "1.1"
        let host = count == 0 ? "" : "Host: a\r\n"
        let text = "GET / HTTP/\(version)\r\n\(host)\(fields)\r\n"
        let head = try Array(text.utf8).withUnsafeBytes { bytes throws(RequestRefusal) in
            try RequestHead(bytes, maxBodyBytes: 0)
        }
        let expected = (count == 0 ? [] : ["host: a"]) + (0..<count).map { "x-field-\($0): value \($0)" }
        #expect(head.headers.map { "\($0.name.canonicalName): \($0.value)" } == expected)
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
