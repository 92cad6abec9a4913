import HTTPKit
import HTTPTypes

/// An answer's status line and header block (RFC 9112 §4–6), in the bytes that go on the wire.
///
/// The handler's fields are written as given, except the ones the connection owns: `Content-Length`
/// (always the body's length, also for HEAD; none where a status has no content), `Connection`
/// and `Date`. A body without a `Content-Type` is labelled JSON, this server's default.
struct ResponseHead {
    /// Whether the connection closes after this answer (`Connection: close`).
    var closes: Bool
    /// Whether the request was HTTP/1.0: the status line says so, and keep-alive is announced.
    var isHTTP10: Bool

    /// Whether `status` may carry content (RFC 9110 §6.4.1: not 1xx, 204 or 304).
    static func allowsContent(_ status: HTTPResponse.Status) -> Bool {
        status.code >= 200 && status.code != 204 && status.code != 304
    }

    /// The head of `response`, dated `date` (an IMF-fixdate).
    func bytes(of response: Response, date: String) -> [UInt8] {
        var head: [UInt8] = []
        head.reserveCapacity(512)
        head.append(utf8: isHTTP10 ? "HTTP/1.0 " : "HTTP/1.1 ")
        Self.appendDecimal(response.status.code, to: &head)
        head.append(UInt8(ascii: " "))
        head.append(utf8: ReasonPhrases.phrase(for: response.status))
        head.append(utf8: "\r\n")
        var hasContentType = false
        for field in response.headers {
            // The lengths first: a name comparison costs more than the rest of the field's writing.
            switch field.name.canonicalName.utf8.count {
            case 4 where field.name == .date, 10 where field.name == .connection,
                14 where field.name == .contentLength, 17 where field.name == .transferEncoding:
                continue
            case 12 where field.name == .contentType: hasContentType = true
            default: break
            }
            head.append(utf8: field.name.rawName)
            head.append(utf8: ": ")
            head.append(utf8: field.value)
            head.append(utf8: "\r\n")
        }
        if Self.allowsContent(response.status) {
            if !hasContentType, !response.body.isEmpty {
                head.append(utf8: "Content-Type: \(MediaType.json)\r\n")
            }
            head.append(utf8: "Content-Length: ")
            Self.appendDecimal(response.body.count, to: &head)
            head.append(utf8: "\r\n")
        }
        head.append(utf8: "Date: ")
        head.append(utf8: date)
        head.append(utf8: "\r\n")
        if closes {
            head.append(utf8: "Connection: close\r\n")
        } else if isHTTP10 {
            head.append(utf8: "Connection: keep-alive\r\n")
        }
        head.append(utf8: "\r\n")
        return head
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}

extension [UInt8] {
    /// Appends `text`'s UTF-8 in one copy: `append(contentsOf: text.utf8)` walks the view a byte at
    /// a time, which was most of the time spent writing a head (BENCHMARKS.md, twenty-first run).
    fileprivate mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
