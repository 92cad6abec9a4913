import HTTPKit
import HTTPTypes

/// An answer's status line and header block (RFC 9112 §4–6), in the bytes that go on the wire.
///
/// The handler's fields are written as given, then the response's `ConventionFields` — except the
/// fields the connection owns: `Content-Length` (always the body's length, also for HEAD; none
/// where a status has no content), `Connection` and `Date` — and, for a streamed body,
/// `Transfer-Encoding: chunked` in place of a length (an HTTP/1.0 client, which knows no chunks,
/// reads until the connection closes). A body without a `Content-Type` is labelled JSON, this
/// server's default.
///
/// The head is written straight into the room its connection reserves in its output, sized by
/// `maximumCount(of:date:)`: no array grown field by field, and no copy of it into the output
/// (BENCHMARKS.md).
struct ResponseHead {
    /// Whether the connection closes after this answer (`Connection: close`).
    var closes: Bool
    /// Whether the request was HTTP/1.0: the status line says so, and keep-alive is announced.
    var isHTTP10: Bool

    /// Whether `status` may carry content (RFC 9110 §6.4.1: not 1xx, 204 or 304).
    static func allowsContent(_ status: HTTPResponse.Status) -> Bool {
        status.code >= 200 && status.code != 204 && status.code != 304
    }

    private static let defaultContentType = "Content-Type: \(MediaType.json)\r\n"

    /// The CORS fields, the same on every answer, as their lines.
    private static let corsLines = CORS.responseHeaders.map { "\($0.name.rawName): \($0.value)\r\n" }.joined()

    /// The bytes of the convention fields' lines.
    private static func count(of conventions: ConventionFields) -> Int {
        var count = corsLines.utf8.count
        conventions.forEachOwnField { name, value in
            count += name.utf8CodeUnitCount + ": \r\n".utf8.count + value.maximumByteCount
        }
        return count
    }

    /// Writes the convention fields' lines, in `ConventionFields.fields`' order.
    private static func write(_ conventions: ConventionFields, to head: inout HeadWriter) {
        conventions.forEachOwnField { name, value in
            head.append(name)
            head.append(UInt8(ascii: ":"), UInt8(ascii: " "))
            head.append(value)
            head.appendLineEnd()
        }
        head.append(corsLines)
    }

    /// The bytes of the lines this type writes besides the handler's fields, each at its longest:
    /// the status line but its phrase, `Content-Type`, `Content-Length`, `Date` but the date,
    /// `Connection`, and the blank line.
    private static let ownLinesCount =
        "HTTP/1.1 ".utf8.count + Int.maxDecimalDigits + " \r\n".utf8.count
        + defaultContentType.utf8.count
        + "Content-Length: \r\n".utf8.count + Int.maxDecimalDigits
        + "Date: \r\n".utf8.count
        + "Connection: keep-alive\r\n".utf8.count
        + "\r\n".utf8.count

    /// The most bytes the head of `response` dated `date` can take: every field counted as given,
    /// including those replaced by the connection's own.
    func maximumCount(of response: Response, date: String) -> Int {
        var count = Self.ownLinesCount + ReasonPhrases.phrase(for: response.status).utf8.count + date.utf8.count
        // By index: iterating the fields copied each, retaining its three strings.
        let headers = response.headers
        for index in headers.indices {
            count += headers[index].name.rawName.utf8.count + ": \r\n".utf8.count + headers[index].value.utf8.count
        }
        if let conventions = response.conventions { count += Self.count(of: conventions) }
        return count
    }

    /// Writes the head of `response`, dated `date` (an IMF-fixdate), into `room`, which holds at
    /// least `maximumCount(of:date:)` bytes; returns the number written.
    func write(_ response: Response, date: String, into room: UnsafeMutableRawBufferPointer) -> Int {
        var head = HeadWriter(room: room)
        head.append(isHTTP10 ? "HTTP/1.0 " : "HTTP/1.1 ")
        head.appendDecimal(response.status.code)
        head.append(UInt8(ascii: " "))
        head.append(ReasonPhrases.phrase(for: response.status))
        head.appendLineEnd()
        var hasContentType = false
        let headers = response.headers
        for index in headers.indices {
            let name = headers[index].name
            // The lengths first: a name comparison costs more than the rest of the field's writing.
            switch name.canonicalName.utf8.count {
            case 4 where name == .date, 10 where name == .connection,
                14 where name == .contentLength, 17 where name == .transferEncoding:
                continue
            case 12 where name == .contentType: hasContentType = true
            default: break
            }
            head.append(name.rawName)
            head.append(UInt8(ascii: ":"), UInt8(ascii: " "))
            head.append(headers[index].value)
            head.appendLineEnd()
        }
        if let conventions = response.conventions { Self.write(conventions, to: &head) }
        if response.streamsBody {
            if !isHTTP10, Self.allowsContent(response.status) { head.append("Transfer-Encoding: chunked\r\n") }
        } else if Self.allowsContent(response.status) {
            if !hasContentType, !response.body.isEmpty { head.append(Self.defaultContentType) }
            head.append("Content-Length: ")
            head.appendDecimal(response.body.count)
            head.appendLineEnd()
        }
        head.append("Date: ")
        head.append(date)
        head.appendLineEnd()
        if closes {
            head.append("Connection: close\r\n")
        } else if isHTTP10 {
            head.append("Connection: keep-alive\r\n")
        }
        head.appendLineEnd()
        return head.count
    }
}

extension Int {
    /// The most decimal digits a non-negative `Int` has.
    fileprivate static let maxDecimalDigits = String(Int.max).utf8.count
}

/// Appends a head's pieces into room reserved for all of them, by `ResponseHead.maximumCount`.
private struct HeadWriter {
    let room: UnsafeMutableRawBufferPointer
    private(set) var count = 0

    /// Appends `text`'s UTF-8, read in place: a head has some forty pieces, and copying each
    /// string to reach its bytes retained and released it.
    mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        guard done == nil else { return }
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends a convention field's value, written in place from the form it was made in.
    mutating func append(_ value: ConventionFields.Value) {
        reserve(value.maximumByteCount)
        guard let base = room.baseAddress else { return }
        let rest = UnsafeMutableRawBufferPointer(start: base + count, count: room.count - count)
        count += value.write(into: rest.bindMemory(to: UInt8.self))
    }

    /// Appends a literal's UTF-8.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends one byte, without a string's lookup.
    mutating func append(_ byte: UInt8) {
        reserve(1)
        room[count] = byte
        count += 1
    }

    /// Appends two bytes — a separator, a line's end — without a string's lookup.
    mutating func append(_ first: UInt8, _ second: UInt8) {
        reserve(2)
        room[count] = first
        room[count + 1] = second
        count += 2
    }

    /// Appends CR LF.
    mutating func appendLineEnd() {
        append(UInt8(ascii: "\r"), UInt8(ascii: "\n"))
    }

    /// Appends the decimal digits of `value`, which is not negative.
    mutating func appendDecimal(_ value: Int) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        reserve(digits)
        var remaining = value
        for offset in (count..<count + digits).reversed() {
            room[offset] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        count += digits
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        guard let source = bytes.baseAddress, let target = room.baseAddress else { return }
        (target + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Checks that `extra` more bytes fit: `maximumCount` counted every piece, so they always do.
    private func reserve(_ extra: Int) {
        precondition(extra <= room.count - count, "ResponseHead.maximumCount left no room for a piece of the head.")
    }
}
