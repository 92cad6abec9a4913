import CLibevent
import Glibc
import HTTPKit
import HTTPTypes

/// One client connection, speaking HTTP/1.1 (and 1.0) on libevent's event loop: it reads requests,
/// hands each to the handler, and writes the answers in order.
///
/// Heads are held until their empty line arrives and checked whole (`RequestHead`); bodies are read
/// by the length or the chunks the head declared (`ChunkedFraming`), so this server and any proxy
/// in front read the same request boundaries. One request is with the handler at a time; bytes of
/// pipelined requests wait in the input buffer. Reading stays on while a request is answered, so a
/// client that leaves is noticed at once (its request's work is cancelled), without re-arming
/// events per request; an answer is written straight to the socket, and only a client that does not
/// keep up makes the connection wait for writability.
///
/// What breaks a rule is refused (`RequestRefusal`): the problem is written after the answers
/// before it, the sending side is shut once it is out, and what the client still sends is dropped
/// until `--linger-timeout`, so the client reads the answer instead of a reset.
///
/// Lives on its loop's thread; its `LoopServer` closes it at the latest when the server is freed.
final class HTTPConnection {
    private enum Phase {
        /// Waiting for a head; `scanned` bytes are known to hold no end of head yet.
        case head(scanned: Int)
        /// Reading `remaining` bytes of a `Content-Length` body.
        case body(RequestHead, remaining: Int)
        /// Following a chunked body's framing.
        case chunked(RequestHead, ChunkedFraming)
        /// A request is with the handler.
        case answering
        /// The last answer is going out; everything the client still sends is dropped.
        case closing
    }

    private enum Deadline { case idle, head, body, linger }

    /// The client's address, for `--max-connections-per-client` and `ServerRequest.peer`.
    let peer: String
    private let fd: Int32
    private unowned let server: LoopServer
    private let input: OpaquePointer
    private let output: OpaquePointer
    private var readEvent: OpaquePointer?
    private var writeEvent: OpaquePointer?
    private var timer: OpaquePointer?
    private var deadline: Deadline?
    /// When the head or body being read must be complete (`--header-timeout`, `--request-timeout`).
    private var partEnds: ContinuousClock.Instant?
    private var phase = Phase.head(scanned: 0)
    private var body: [UInt8] = []
    private var exchange: Exchange?
    private var isAdmitted = false
    private var isWaitingToWrite = false
    private var isProcessing = false
    private var closesAfterWriting = false
    private var hasShutDown = false
    private var pendingRefusal: RequestRefusal?
    private(set) var isClosed = false

    private init(fd: Int32, server: LoopServer) {
        self.fd = fd
        self.server = server
        peer = PeerAddress.of(fd)
        input = evbuffer_new()
        output = evbuffer_new()
    }

    /// Takes over an accepted socket: counts it against the connection limits (refusing it over
    /// them) and starts reading its first request.
    static func open(_ fd: Int32, on server: LoopServer) {
        evutil_make_socket_nonblocking(fd)
        let connection = HTTPConnection(fd: fd, server: server)
        server.connections[ObjectIdentifier(connection)] = connection
        connection.arm()
        if let refusal = server.census.admit(connection.peer) {
            connection.refuse(refusal)
        } else {
            connection.isAdmitted = true
            connection.startPart(.head)
        }
    }

    private func arm() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let base = server.loop.base
        readEvent = event_new(
            base, fd, Int16(EV_READ | EV_PERSIST),
            { _, _, context in
                guard let context else { return }
                Unmanaged<HTTPConnection>.fromOpaque(context).takeUnretainedValue().readable()
            }, context)
        writeEvent = event_new(
            base, fd, Int16(EV_WRITE),
            { _, what, context in
                guard let context else { return }
                let connection = Unmanaged<HTTPConnection>.fromOpaque(context).takeUnretainedValue()
                if what & Int16(EV_TIMEOUT) != 0 { connection.close() } else { connection.writable() }
            }, context)
        timer = event_new(
            base, -1, 0,
            { _, _, context in
                guard let context else { return }
                Unmanaged<HTTPConnection>.fromOpaque(context).takeUnretainedValue().deadlinePassed()
            }, context)
        if let readEvent { event_add(readEvent, nil) }
    }

    // MARK: Reading

    /// The bytes asked of the socket at once, and the most read in one wake-up (so one busy
    /// connection cannot starve the loop's others).
    private static let readSize = 16 * 1024
    private static let readBudget = 64 * 1024

    private func readable() {
        var read = 0
        var ended = false
        // Straight into the input buffer's free space: no FIONREAD per read (as evbuffer_read does),
        // and a short read means the socket is drained, so no read just to meet EAGAIN.
        while read < Self.readBudget {
            var space = iovec()
            guard evbuffer_reserve_space(input, Self.readSize, &space, 1) == 1 else { break }
            let count = recv(fd, space.iov_base, Self.readSize, 0)
            guard count > 0 else {
                ended = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                break
            }
            space.iov_len = count
            evbuffer_commit_space(input, &space, 1)
            read += count
            if count < Self.readSize { break }
        }
        if case .closing = phase {
            evbuffer_drain(input, evbuffer_get_length(input))
        } else if read > 0 {
            process()
            if !isClosed { restartStallClock() }
        }
        if ended { peerEnded() }
    }

    /// Bytes of an unfinished head or body arrived: the client is not stalled, so the stall part of
    /// the deadline (`--idle-timeout` without a byte) starts again.
    private func restartStallClock() {
        switch phase {
        case .head(let scanned) where scanned > 0: setDeadline(.head)
        case .body, .chunked: setDeadline(.body)
        case .head, .answering, .closing: break
        }
    }

    /// The client closed its side (or the socket failed): work still under way for it is cancelled
    /// (`close` does it), and nothing more is written.
    private func peerEnded() {
        close()
    }

    /// Reads requests from the input until one is with the handler, the input runs out, or a rule
    /// is broken. Never re-entered: an answer given while it runs is picked up by its loop.
    private func process() {
        guard !isProcessing, !isClosed else { return }
        isProcessing = true
        defer { isProcessing = false }
        do throws(RequestRefusal) {
            while !isClosed {
                switch phase {
                case .head(let scanned):
                    guard let length = try headLength(scanned: scanned) else { return }
                    try start(headLength: length)
                case .body(let head, let remaining):
                    let count = min(remaining, evbuffer_get_length(input))
                    guard count > 0 else { return }
                    take(count, keeping: !head.discardsBody)
                    if count == remaining {
                        finish(head)
                    } else {
                        phase = .body(head, remaining: remaining - count)
                    }
                case .chunked(let head, var framing):
                    guard evbuffer_get_length(input) > 0 else { return }
                    if try follow(&framing, keeping: !head.discardsBody) {
                        finish(head)
                    } else {
                        phase = .chunked(head, framing)
                    }
                case .answering, .closing:
                    return
                }
            }
        } catch {
            refuse(error)
        }
    }

    /// The length of the head at the front of the input once its empty line has arrived, or `nil`.
    private func headLength(scanned: Int) throws(RequestRefusal) -> Int? {
        if scanned == 0 { skipLeadingEmptyLines() }
        let available = evbuffer_get_length(input)
        guard available > 0 else { return nil }
        if scanned == 0, deadline != .head { startPart(.head) }
        var start = evbuffer_ptr()
        evbuffer_ptr_set(input, &start, max(0, scanned - 3), EVBUFFER_PTR_SET)
        let end = evbuffer_search(input, "\r\n\r\n", 4, &start)
        let limit = server.configuration.maxHeaderBytes
        guard end.pos >= 0 else {
            if available > limit { throw Self.headersTooLarge(limit) }
            phase = .head(scanned: available)
            return nil
        }
        guard end.pos + 4 <= limit else { throw Self.headersTooLarge(limit) }
        return end.pos + 4
    }

    /// RFC 9112 §2.2: an empty line before a request line (a client's stray CRLF after a body) is ignored.
    private func skipLeadingEmptyLines() {
        var pair: (UInt8, UInt8) = (0, 0)
        while evbuffer_copyout(input, &pair, 2) == 2, pair == (UInt8(ascii: "\r"), UInt8(ascii: "\n")) {
            evbuffer_drain(input, 2)
        }
    }

    private func start(headLength length: Int) throws(RequestRefusal) {
        guard let bytes = evbuffer_pullup(input, length) else { throw Self.headersTooLarge(length) }
        let head = try RequestHead(
            UnsafeRawBufferPointer(start: bytes, count: length), maxBodyBytes: server.configuration.maxBodyBytes)
        evbuffer_drain(input, length)
        switch head.framing {
        case .none:
            finish(head)
        case .length(let count):
            if head.expectsContinue { continueBody(count) }
            phase = .body(head, remaining: count)
            startPart(.body)
        case .chunked:
            if head.expectsContinue { continueBody(nil) }
            let limits = server.configuration
            phase = .chunked(
                head, ChunkedFraming(maxBodyBytes: limits.maxBodyBytes, maxTrailerBytes: limits.maxHeaderBytes))
            startPart(.body)
        }
    }

    /// Answers `Expect: 100-continue` unless the body (of `length` bytes, when known) is already here.
    private func continueBody(_ length: Int?) {
        if let length, evbuffer_get_length(input) >= length { return }
        let interim = "HTTP/1.1 100 Continue\r\n\r\n"
        evbuffer_add(output, interim, interim.utf8.count)
        flush()
    }

    /// Moves `count` input bytes into the body, or drops them.
    private func take(_ count: Int, keeping: Bool) {
        guard keeping else {
            evbuffer_drain(input, count)
            return
        }
        let start = body.count
        body.append(contentsOf: repeatElement(0, count: count))
        body.withUnsafeMutableBytes { bytes in
            _ = evbuffer_remove(input, bytes.baseAddress! + start, count)
        }
    }

    /// Follows a chunked body; returns whether it is complete.
    private func follow(_ framing: inout ChunkedFraming, keeping: Bool) throws(RequestRefusal) -> Bool {
        while evbuffer_get_length(input) > 0 {
            if framing.dataRemaining > 0 {
                let count = min(framing.dataRemaining, evbuffer_get_length(input))
                take(count, keeping: keeping)
                framing.passed(count)
                continue
            }
            var byte: UInt8 = 0
            evbuffer_remove(input, &byte, 1)
            if try framing.read(byte) == .finished { return true }
        }
        return false
    }

    /// Hands the request whose head (and body) arrived to the handler.
    private func finish(_ head: RequestHead) {
        cancelDeadline()
        phase = .answering
        let request = ServerRequest(
            method: head.method, target: head.target, headers: head.headers, body: body, peer: peer)
        body = []
        let exchange = Exchange(request: request, head: head, connection: self, server: server)
        self.exchange = exchange
        server.accept(exchange)
    }

    // MARK: Writing

    /// Writes the answer of `exchange`'s request (`head` says how it was asked), then reads on —
    /// or, when the connection closes after it, winds down.
    func send(_ response: Response, for head: RequestHead) {
        guard !isClosed else { return }
        exchange = nil
        let closes = !head.keepsAlive || server.isDraining || pendingRefusal != nil
        let bytes = ResponseHead(closes: closes, isHTTP10: head.isHTTP10).bytes(of: response, date: server.date.now)
        evbuffer_add(output, bytes, bytes.count)
        if head.method != .head, ResponseHead.allowsContent(response.status), !response.body.isEmpty {
            response.body.bytes.withUnsafeBytes { body in _ = evbuffer_add(output, body.baseAddress, body.count) }
        }
        if let pendingRefusal {
            self.pendingRefusal = nil
            write(pendingRefusal)
            return
        }
        if closes {
            phase = .closing
            closesAfterWriting = true
            evbuffer_drain(input, evbuffer_get_length(input))
            flush()
            return
        }
        phase = .head(scanned: 0)
        flush()
        guard !isClosed else { return }
        if evbuffer_get_length(input) > 0 {
            process()
        } else {
            setDeadline(.idle)
        }
    }

    /// Closes the connection at once, without an answer (the demo controls' `fault=drop`).
    func drop() {
        exchange = nil
        shutdown(fd, Int32(SHUT_RDWR))
        close()
    }

    /// Writes what the output holds, as far as the socket takes it; waits for writability (at most
    /// `--idle-timeout`) for the rest.
    private func flush() {
        while evbuffer_get_length(output) > 0 {
            if evbuffer_write(output, fd) < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return close() }
                break
            }
        }
        if evbuffer_get_length(output) > 0 {
            guard !isWaitingToWrite, let writeEvent else { return }
            isWaitingToWrite = true
            var timeout = server.configuration.idleTimeout.timeval
            event_add(writeEvent, &timeout)
        } else {
            if isWaitingToWrite, let writeEvent {
                isWaitingToWrite = false
                event_del(writeEvent)
            }
            if closesAfterWriting { shutDownSending() }
        }
    }

    private func writable() {
        isWaitingToWrite = false
        flush()
    }

    /// The last answer is out: stop sending, and give the client a moment to read it before the
    /// connection ends (closing with unread input would send a reset that can destroy the answer).
    private func shutDownSending() {
        guard !hasShutDown else { return }
        hasShutDown = true
        shutdown(fd, Int32(SHUT_WR))
        setDeadline(.linger)
    }

    // MARK: Refusing

    /// Stops reading requests, and answers `refusal` once the request with the handler is answered.
    private func refuse(_ refusal: RequestRefusal) {
        if case .closing = phase { return }
        server.counters.refusals.increment()
        if exchange != nil {
            pendingRefusal = refusal
            phase = .closing
            evbuffer_drain(input, evbuffer_get_length(input))
        } else {
            write(refusal)
        }
    }

    /// Writes `refusal`'s answer after anything queued, and starts closing.
    private func write(_ refusal: RequestRefusal) {
        let bytes = RefusalWriter.bytes(of: server.handler.refusalResponse(refusal))
        evbuffer_add(output, bytes, bytes.count)
        phase = .closing
        closesAfterWriting = true
        evbuffer_drain(input, evbuffer_get_length(input))
        cancelDeadline()
        flush()
    }

    // MARK: Deadlines

    /// Starts the clock of a head (from its first byte, or the connection's opening) or a body.
    private func startPart(_ part: Deadline) {
        let limits = server.configuration
        partEnds = .now + (part == .head ? limits.headerTimeout : limits.requestTimeout)
        setDeadline(part)
    }

    /// Arms the timer for `next`: a head or body ends at its deadline or after `--idle-timeout`
    /// without a byte, whichever comes first.
    private func setDeadline(_ next: Deadline) {
        guard let timer else { return }
        let limits = server.configuration
        let wait: Duration =
            switch next {
            case .idle: limits.idleTimeout
            case .head, .body: min(limits.idleTimeout, (partEnds ?? .now) - .now)
            case .linger: limits.lingerTimeout
            }
        var timeout = max(wait, .zero).timeval
        deadline = next
        event_add(timer, &timeout)
    }

    private func cancelDeadline() {
        guard deadline != nil, let timer else { return }
        deadline = nil
        event_del(timer)
    }

    private func deadlinePassed() {
        guard let passed = deadline else { return }
        deadline = nil
        switch passed {
        case .idle, .linger:
            close()
        case .head, .body:
            let limits = server.configuration
            let detail =
                if let partEnds, partEnds > .now {
                    "No byte of the request arrived for \(limits.idleTimeout) (--idle-timeout)."
                } else if passed == .head {
                    "The request's head did not arrive within \(limits.headerTimeout) (--header-timeout)."
                } else {
                    "The request's body did not arrive within \(limits.requestTimeout) (--request-timeout)."
                }
            refuse(RequestRefusal(.timeout, detail))
        }
    }

    // MARK: Closing

    /// Frees everything the connection holds and closes its socket.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let exchange {
            self.exchange = nil
            exchange.cancel(.clientClosed)
        }
        for event in [readEvent, writeEvent, timer] { if let event { event_free(event) } }
        readEvent = nil
        writeEvent = nil
        timer = nil
        evbuffer_free(input)
        evbuffer_free(output)
        Glibc.close(fd)
        if isAdmitted { server.census.release(peer) }
        server.connections[ObjectIdentifier(self)] = nil
    }

    private static func headersTooLarge(_ limit: Int) -> RequestRefusal {
        RequestRefusal(.headersTooLarge, "The request line and headers exceed \(limit) bytes (--max-header-bytes).")
    }
}
