import CLibevent
package import HTTPKit

/// Reads one connection's requests out of its input buffer: a head once its empty line is there
/// (checked whole by `RequestHead`), then the body its head declared, by length or by chunks
/// (`ChunkedFraming`), so this server and any proxy in front read the same request boundaries.
///
/// It only parses; the connection decides when to read, what to answer and how long to wait.
package struct RequestReader {
    /// What reading the input led to.
    package enum Step {
        /// The input holds no complete request (yet); `unfinished` is the part begun and not
        /// finished, `nil` between requests (for the connection's deadlines).
        case needMore(unfinished: Part?)
        /// A head declaring a body was read; `expectsContinue` when the client waits for `100
        /// Continue` and the body is not here yet.
        case bodyFollows(expectsContinue: Bool)
        /// A whole request.
        case request(RequestHead, body: [UInt8])
    }

    /// What the reader is in the middle of, for the connection's deadlines.
    package enum Part { case head, body }

    private enum State {
        /// Waiting for a head; `scanned` bytes are known to hold no end of head yet.
        case head(scanned: Int)
        /// Reading `remaining` bytes of a `Content-Length` body.
        case body(RequestHead, remaining: Int)
        /// Following a chunked body's framing.
        case chunked(RequestHead, ChunkedFraming)
    }

    private let maxHeaderBytes: Int
    private let maxBodyBytes: Int
    private var state = State.head(scanned: 0)
    private var body: [UInt8] = []

    /// A reader for one connection, with the server's `--max-header-bytes` (which also bounds a
    /// chunk-size line and the trailers) and `--max-body-bytes`.
    package init(maxHeaderBytes: Int, maxBodyBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Reads from `input` as far as it takes to finish a request, a head with a body, or the input.
    package mutating func next(from input: OpaquePointer) throws(RequestRefusal) -> Step {
        while true {
            switch state {
            case .head(let scanned):
                guard let length = try headLength(in: input, scanned: scanned) else {
                    return .needMore(unfinished: hasBegunHead ? .head : nil)
                }
                return try readHead(length: length, from: input)
            case .body(let head, let remaining):
                let count = min(remaining, evbuffer_get_length(input))
                guard count > 0 else { return .needMore(unfinished: .body) }
                take(count, from: input, keeping: !head.discardsBody)
                guard count == remaining else {
                    state = .body(head, remaining: remaining - count)
                    return .needMore(unfinished: .body)
                }
                return finished(head)
            case .chunked(let head, var framing):
                guard evbuffer_get_length(input) > 0 else { return .needMore(unfinished: .body) }
                guard try follow(&framing, in: input, keeping: !head.discardsBody) else {
                    state = .chunked(head, framing)
                    return .needMore(unfinished: .body)
                }
                return finished(head)
            }
        }
    }

    /// Whether bytes of a head have arrived, not yet all of it.
    private var hasBegunHead: Bool {
        if case .head(let scanned) = state { scanned > 0 } else { false }
    }

    /// The length of the head at the front of `input` once its empty line has arrived, or `nil`.
    private mutating func headLength(in input: OpaquePointer, scanned: Int) throws(RequestRefusal) -> Int? {
        // A lone CR may be the first half of a stray CRLF split across two reads.
        if scanned <= 1 { Self.skipLeadingEmptyLines(input) }
        let available = evbuffer_get_length(input)
        guard available > 0 else {
            state = .head(scanned: 0)
            return nil
        }
        var start = evbuffer_ptr()
        evbuffer_ptr_set(input, &start, max(0, scanned - 3), EVBUFFER_PTR_SET)
        let end = evbuffer_search(input, "\r\n\r\n", 4, &start)
        guard end.pos >= 0 else {
            if available > maxHeaderBytes { throw Self.headersTooLarge(maxHeaderBytes) }
            state = .head(scanned: available)
            return nil
        }
        guard end.pos + 4 <= maxHeaderBytes else { throw Self.headersTooLarge(maxHeaderBytes) }
        return end.pos + 4
    }

    /// RFC 9112 §2.2: an empty line before a request line (a client's stray CRLF after a body) is ignored.
    private static func skipLeadingEmptyLines(_ input: OpaquePointer) {
        var pair: (UInt8, UInt8) = (0, 0)
        while evbuffer_copyout(input, &pair, 2) == 2, pair == (UInt8(ascii: "\r"), UInt8(ascii: "\n")) {
            evbuffer_drain(input, 2)
        }
    }

    private mutating func readHead(length: Int, from input: OpaquePointer) throws(RequestRefusal) -> Step {
        guard let bytes = evbuffer_pullup(input, length) else { throw Self.headersTooLarge(length) }
        let head = try RequestHead(UnsafeRawBufferPointer(start: bytes, count: length), maxBodyBytes: maxBodyBytes)
        evbuffer_drain(input, length)
        switch head.framing {
        case .none:
            return finished(head)
        case .length(let count):
            state = .body(head, remaining: count)
            return .bodyFollows(expectsContinue: head.expectsContinue && evbuffer_get_length(input) < count)
        case .chunked:
            state = .chunked(head, ChunkedFraming(maxBodyBytes: maxBodyBytes, maxTrailerBytes: maxHeaderBytes))
            return .bodyFollows(expectsContinue: head.expectsContinue && evbuffer_get_length(input) == 0)
        }
    }

    private mutating func finished(_ head: RequestHead) -> Step {
        state = .head(scanned: 0)
        defer { body = [] }
        return .request(head, body: body)
    }

    /// Moves `count` input bytes into the body, or drops them.
    private mutating func take(_ count: Int, from input: OpaquePointer, keeping: Bool) {
        guard keeping else {
            evbuffer_drain(input, count)
            return
        }
        let start = body.count
        body.append(contentsOf: repeatElement(0, count: count))
        body.withUnsafeMutableBytes { bytes in
            _ = evbuffer_remove(input, bytes.baseAddress.map { $0 + start }, count)
        }
    }

    /// Follows a chunked body; returns whether it is complete.
    private mutating func follow(_ framing: inout ChunkedFraming, in input: OpaquePointer, keeping: Bool)
        throws(RequestRefusal) -> Bool
    {
        while evbuffer_get_length(input) > 0 {
            if framing.dataRemaining > 0 {
                let count = min(framing.dataRemaining, evbuffer_get_length(input))
                take(count, from: input, keeping: keeping)
                framing.passed(count)
                continue
            }
            var byte: UInt8 = 0
            evbuffer_remove(input, &byte, 1)
            if try framing.read(byte) == .finished { return true }
        }
        return false
    }

    private static func headersTooLarge(_ limit: Int) -> RequestRefusal {
        RequestRefusal(.headersTooLarge, "The request line and headers exceed \(limit) bytes (--max-header-bytes).")
    }
}
