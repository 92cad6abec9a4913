import CLibevent
import Glibc
import HTTPKit
import HTTPWire
import HTTPTypes

/// One client connection, speaking HTTP/1.1 (and 1.0) on libevent's event loop: it reads requests
/// (`RequestReader`), hands each to the handler, and writes the answers in order.
///
/// One request is with the handler at a time; bytes of pipelined requests wait in the input.
/// Reading stays armed while a request is answered, so a client that leaves is noticed at once
/// (its request's work is cancelled) without re-arming events per request; an answer is written
/// straight to the socket at the end of the loop's turn (`EndOfTurnWriter`), and only a client that
/// does not keep up makes the connection wait for writability. A client that sends faster than it
/// reads is slowed by backpressure: past `--max-unread-bytes` of answers not yet taken by the socket,
/// or a head and a body's worth of input while a request is answered, the connection stops reading
/// until the answers have left.
///
/// What breaks a rule is refused (`RequestRefusal`): the problem is written after the answers
/// before it, the sending side is shut once it is out, and what the client still sends is dropped
/// until `--linger-timeout`, so the client reads the answer instead of a reset.
///
/// Lives on its loop's thread; its `LoopServer` closes what is still open before the loop stops.
final class HTTPConnection: EndOfTurnWriter {
    private enum Phase {
        /// Reading the next request.
        case reading
        /// A request is with the handler.
        case answering
        /// The last answer is going out; everything the client still sends is dropped.
        case closing
    }

    private enum Deadline {
        /// Between requests (and re-armed while one is answered or an answer is still leaving).
        case idle
        /// A head or body: its own limit, or `--idle-timeout` without a byte.
        case part(RequestReader.Part)
        /// The last answer must leave within `--idle-timeout`.
        case finishing
        /// After the last answer: the client's moment to read it.
        case linger
    }

    /// The bytes asked of the socket at once, and the most read in one wake-up (so one busy
    /// connection cannot starve the loop's others).
    private static let readSize = 16 * 1024
    private static let readBudget = 64 * 1024

    /// The client's address, for `--max-connections-per-client` and `ServerRequest.peer`.
    let peer: String
    private let fd: Int32
    private unowned let server: LoopServer
    private let input: OpaquePointer
    private let output: OpaquePointer
    private var reader: RequestReader
    private var readEvent: OpaquePointer?
    private var writeEvent: OpaquePointer?
    private var timer: OpaquePointer?
    private var deadline: Deadline?
    /// When the head or body being read must be complete (`--header-timeout`, `--request-timeout`).
    private var partEnds: ContinuousClock.Instant = .now
    /// Whether the timer was armed for `partEnds` rather than for `--idle-timeout` without a byte:
    /// decided when arming, since libevent's timer may fire a hair before `partEnds` by Swift's clock.
    private var timerEndsPart = false
    private var phase = Phase.reading
    private var exchange: Exchange?
    private var isAdmitted = false
    private var isReading = false
    private var isWaitingToWrite = false
    /// Whether the loop will call `writeQueued()` at the end of this turn.
    private var isQueuedToWrite = false
    private var isProcessing = false
    private var hasShutDown = false
    private var peerHasEnded = false
    private(set) var isClosed = false

    private init(fd: Int32, server: LoopServer) {
        self.fd = fd
        self.server = server
        peer = PeerAddress.of(fd)
        input = evbuffer_new()
        output = evbuffer_new()
        reader = RequestReader(
            maxHeaderBytes: server.configuration.maxHeaderBytes, maxBodyBytes: server.configuration.maxBodyBytes)
    }

    /// Takes over an accepted socket: counts it against the connection limits (refusing it over
    /// them) and starts reading its first request, whose head is timed from now.
    static func open(_ fd: Int32, on server: LoopServer) {
        evutil_make_socket_nonblocking(fd)
        let connection = HTTPConnection(fd: fd, server: server)
        server.connections[ObjectIdentifier(connection)] = connection
        connection.makeEvents()
        connection.resumeReading()
        if let refusal = server.census.admit(connection.peer) {
            connection.refuse(refusal)
        } else {
            connection.isAdmitted = true
            connection.startPart(.head)
        }
    }

    private func makeEvents() {
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
    }

    // MARK: Reading

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
        switch phase {
        case .closing:
            evbuffer_drain(input, evbuffer_get_length(input))
        case .reading:
            process()
        case .answering:
            // Pipelined bytes wait; past a head and a body's worth, the client waits too.
            let limits = server.configuration
            if evbuffer_get_length(input) > limits.maxHeaderBytes + limits.maxBodyBytes { pauseReading() }
        }
        if ended { peerEnded() }
    }

    /// The client closed its side, or the socket failed. A request still with the handler is
    /// cancelled; answers already queued are still written, then the connection closes.
    private func peerEnded() {
        guard !isClosed else { return }
        peerHasEnded = true
        pauseReading()
        if phase == .answering {
            // Answers to requests pipelined before the one with the handler may still wait for
            // the end of the turn: they go out now, as far as the socket takes them.
            flush()
            return close()
        }
        if evbuffer_get_length(output) == 0 { return close() }
        finishAfterWriting()
    }

    /// Reads requests from the input until one is with the handler, the input runs out, the
    /// unread answers pile up, or a rule is broken. Never re-entered: an answer given while it
    /// runs lets its loop go on.
    private func process() {
        guard !isProcessing else { return }
        isProcessing = true
        defer { isProcessing = false }
        do throws(RequestRefusal) {
            while phase == .reading, !isClosed {
                if evbuffer_get_length(output) > server.configuration.maxUnreadBytes { return pauseReading() }
                switch try reader.next(from: input) {
                case .needMore(let unfinished):
                    if let unfinished { timeUnfinishedPart(unfinished) }
                    return
                case .bodyFollows(let expectsContinue):
                    if expectsContinue { writeContinue() }
                    startPart(.body)
                case .request(let head, let body):
                    dispatch(head, body: body)
                }
            }
        } catch {
            refuse(error)
        }
    }

    /// Starts a head's clock at its first byte (the first request's runs from the connection's
    /// opening), and restarts the stall part of a clock already running: bytes arrived.
    private func timeUnfinishedPart(_ part: RequestReader.Part) {
        if case .part(part) = deadline { setDeadline(.part(part)) } else { startPart(part) }
    }

    /// Answers `Expect: 100-continue`: the client may send the body.
    private func writeContinue() {
        let interim = "HTTP/1.1 100 Continue\r\n\r\n"
        evbuffer_add(output, interim, interim.utf8.count)
        flush()
    }

    /// Hands a complete request to the handler.
    private func dispatch(_ head: RequestHead, body: [UInt8]) {
        phase = .answering
        let request = ServerRequest(
            method: head.method, target: head.target, headers: head.headers, body: body, peer: peer)
        let exchange = Exchange(request: request, head: head, connection: self, server: server)
        self.exchange = exchange
        server.accept(exchange)
    }

    private func pauseReading() {
        guard isReading, let readEvent else { return }
        isReading = false
        event_del(readEvent)
    }

    private func resumeReading() {
        guard !isReading, !isClosed, !peerHasEnded, let readEvent else { return }
        isReading = true
        event_add(readEvent, nil)
    }

    /// Reads on: new bytes wake the loop as usual, and a pipelined request already in the input is
    /// parsed in a later callback, outside the answering call, so it is handled after the one
    /// before it has finished (in the same turn: both answers leave together).
    private func readOn() {
        resumeReading()
        guard isReading, evbuffer_get_length(input) > 0, let readEvent else { return }
        event_active(readEvent, EV_READ, 1)
    }

    // MARK: Writing

    /// Queues the answer to the request read with `head` for the end of the turn, then reads on —
    /// or, when the connection closes after it, writes it now and winds down. A connection whose
    /// output cannot grow (libevent out of memory) is closed.
    func send(_ response: Response, for head: RequestHead) {
        guard !isClosed else { return }
        exchange = nil
        let closes = !head.keepsAlive || server.isDraining
        guard queue(response, as: ResponseHead(closes: closes, isHTTP10: head.isHTTP10), withBody: head.method != .head)
        else { return close() }
        if closes {
            phase = .closing
            evbuffer_drain(input, evbuffer_get_length(input))
            return finishAfterWriting()
        }
        phase = .reading
        setDeadline(.idle)
        if !isQueuedToWrite {
            isQueuedToWrite = true
            server.loop.writeAtEndOfTurn(self)
        }
        guard !isClosed, !isProcessing else { return }
        readOn()
    }

    /// Adds `response` to the output: its head, written in room reserved at the output's end, and
    /// its body unless the request was HEAD or the status has no content. `false` when libevent
    /// could not allocate that room.
    private func queue(_ response: Response, as form: ResponseHead, withBody: Bool) -> Bool {
        let date = server.date.now
        let maximum = form.maximumCount(of: response, date: date)
        var room = iovec()
        // libevent may offer more than asked; the head is given exactly `maximum`, so a bound that
        // fell short would stop at HeadWriter's check instead of writing past it.
        guard evbuffer_reserve_space(output, maximum, &room, 1) == 1, room.iov_len >= maximum else { return false }
        room.iov_len = form.write(
            response, date: date, into: UnsafeMutableRawBufferPointer(start: room.iov_base, count: maximum))
        evbuffer_commit_space(output, &room, 1)
        guard withBody, ResponseHead.allowsContent(response.status), !response.body.isEmpty else { return true }
        response.body.bytes.withUnsafeBytes { body in _ = evbuffer_add(output, body.baseAddress, body.count) }
        return true
    }

    /// Closes the connection at once, without an answer (the demo controls' `fault=drop`).
    func drop() {
        exchange = nil
        shutdown(fd, Int32(SHUT_RDWR))
        close()
    }

    /// Writes what the output holds, as far as the socket takes it; waits for writability (each
    /// wait at most `--idle-timeout`) for the rest.
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
            return
        }
        if isWaitingToWrite, let writeEvent {
            isWaitingToWrite = false
            event_del(writeEvent)
        }
        switch phase {
        case .closing: peerHasEnded ? close() : shutDownSending()
        case .reading: if !isReading, !isProcessing { readOn() }
        case .answering: break
        }
    }

    func writeQueued() {
        isQueuedToWrite = false
        guard !isClosed else { return }
        flush()
    }

    private func writable() {
        isWaitingToWrite = false
        flush()
    }

    /// Writes what is queued, then ends the connection; the whole answer must leave within
    /// `--idle-timeout`, however slowly the client reads.
    private func finishAfterWriting() {
        phase = .closing
        setDeadline(.finishing)
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

    /// Answers `refusal` and closes; nothing the client sends after it is read as a request.
    /// Refusals happen only while reading, never while a request is with the handler.
    private func refuse(_ refusal: RequestRefusal) {
        guard phase == .reading else { return }
        server.counters.refusals.increment()
        // The request was never parsed whole: the answer speaks HTTP/1.1 and closes.
        let refusalHead = ResponseHead(closes: true, isHTTP10: false)
        guard queue(server.handler.refusalResponse(refusal), as: refusalHead, withBody: true) else { return close() }
        evbuffer_drain(input, evbuffer_get_length(input))
        finishAfterWriting()
    }

    // MARK: Deadlines

    /// Starts the clock of a head (from its first byte, or the connection's opening) or a body.
    private func startPart(_ part: RequestReader.Part) {
        let limits = server.configuration
        partEnds = .now + (part == .head ? limits.headerTimeout : limits.requestTimeout)
        setDeadline(.part(part))
    }

    /// Arms the timer for `next`: a head or body ends at its deadline or after `--idle-timeout`
    /// without a byte, whichever comes first.
    private func setDeadline(_ next: Deadline) {
        guard let timer else { return }
        let limits = server.configuration
        let untilPartEnds = partEnds - .now
        let wait: Duration =
            switch next {
            case .idle, .finishing: limits.idleTimeout
            case .part: min(limits.idleTimeout, untilPartEnds)
            case .linger: limits.lingerTimeout
            }
        if case .part = next { timerEndsPart = untilPartEnds <= limits.idleTimeout }
        var timeout = max(wait, .zero).timeval
        deadline = next
        event_add(timer, &timeout)
    }

    private func deadlinePassed() {
        guard let passed = deadline, !isClosed else { return }
        deadline = nil
        switch passed {
        case .part(let part) where phase == .reading:
            let limits = server.configuration
            let detail =
                if !timerEndsPart {
                    "No byte of the request arrived for \(limits.idleTimeout) (--idle-timeout)."
                } else if part == .head {
                    "The request's head did not arrive within \(limits.headerTimeout) (--header-timeout)."
                } else {
                    "The request's body did not arrive within \(limits.requestTimeout) (--request-timeout)."
                }
            refuse(RequestRefusal(.timeout, detail))
        case .idle, .part:
            // A request with the handler has its own deadline; an answer still leaving, its write timeout.
            if phase == .answering || evbuffer_get_length(output) > 0 { setDeadline(.idle) } else { close() }
        case .finishing, .linger:
            close()
        }
    }

    // MARK: Closing

    /// Frees everything the connection holds and closes its socket; a request still with the
    /// handler is cancelled first.
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
}
