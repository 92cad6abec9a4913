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
/// Every decision is `ConnectionStateMachine`'s; this class is the I/O around it: it reports what
/// happened on the socket and carries out the `ConnectionActions` it gets back. Lives on its loop's
/// thread; its `LoopServer` closes what is still open before the loop stops. Confined to that
/// thread, its reader and its exchange — touched by every request — skip the runtime's exclusivity
/// check (`@exclusivity(unchecked)`).
final class HTTPConnection: EndOfTurnWriter, ExchangeTransport {
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
    @exclusivity(unchecked) private var reader: RequestReader
    private let state: ConnectionStateMachine
    private var readEvent: OpaquePointer?
    private var writeEvent: OpaquePointer?
    private var timer: OpaquePointer?
    @exclusivity(unchecked) private var exchange: Exchange?
    /// How the open stream's chunks are framed; `nil` while no stream is open.
    private var stream: StreamFraming?

    var isClosed: Bool { state.isClosed }
    /// Bytes of answers the socket has not taken; none once the connection is closed, since its
    /// buffers are freed then — and an answer given inside a read (a dropped request) can close it.
    private var unwritten: Int { isClosed ? 0 : evbuffer_get_length(output) }

    private init(fd: Int32, server: LoopServer) {
        self.fd = fd
        self.server = server
        peer = PeerAddress.of(fd)
        input = evbuffer_new()
        output = evbuffer_new()
        let limits = server.configuration
        reader = RequestReader(maxHeaderBytes: limits.maxHeaderBytes, maxBodyBytes: limits.maxBodyBytes)
        state = ConnectionStateMachine(limits: limits, openedAt: .now)
    }

    /// Takes over an accepted socket: counts it against the connection limits (refusing it over
    /// them) and starts reading its first request, whose head is timed from now.
    static func open(_ fd: Int32, on server: LoopServer) {
        evutil_make_socket_nonblocking(fd)
        let connection = HTTPConnection(fd: fd, server: server)
        server.connections[ObjectIdentifier(connection)] = connection
        connection.makeEvents()
        if let readEvent = connection.readEvent { event_add(readEvent, nil) }
        connection.perform(connection.state.opened(refusal: server.census.admit(connection.peer), now: .now))
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
                if what & Int16(EV_TIMEOUT) != 0 {
                    connection.close()
                } else {
                    connection.perform(connection.state.becameWritable())
                }
            }, context)
        timer = event_new(
            base, -1, 0,
            { _, _, context in
                guard let context else { return }
                let connection = Unmanaged<HTTPConnection>.fromOpaque(context).takeUnretainedValue()
                connection.perform(connection.state.timerFired(unwritten: connection.unwritten))
            }, context)
    }

    // MARK: Carrying out the machine's decisions

    /// Does what `actions` asks, in the order `ConnectionActions` declares it.
    private func perform(_ actions: ConnectionActions) {
        guard !isClosed else { return }
        if actions.answerRefusal, let refusal = state.refusal {
            server.counters.refusals.increment()
            // The request was never parsed whole: the answer speaks HTTP/1.1 and closes.
            let head = ResponseHead(closes: true, isHTTP10: false)
            guard queue(server.handler.refusalResponse(refusal), as: head, withBody: true) else { return close() }
        }
        if actions.discardInput { evbuffer_drain(input, evbuffer_get_length(input)) }
        if let reading = actions.reading { change(reading) }
        if let wait = actions.timer, let timer {
            var timeout = wait.timeval
            event_add(timer, &timeout)
        }
        if let writability = actions.writability, let writeEvent {
            switch writability {
            case .wait(let limit):
                var timeout = limit.timeval
                event_add(writeEvent, &timeout)
            case .stopWaiting:
                event_del(writeEvent)
            }
        }
        if actions.writeAtEndOfTurn { server.loop.writeAtEndOfTurn(self) }
        if actions.shutDownSending { shutdown(fd, Int32(SHUT_WR)) }
        if actions.writeNow { flush() }
        if actions.close { close() }
        if actions.parse, !isClosed { parse() }
    }

    private func change(_ reading: ConnectionActions.Reading) {
        guard let readEvent else { return }
        switch reading {
        case .pause:
            event_del(readEvent)
        case .readOn(let arming):
            if arming { event_add(readEvent, nil) }
            // A pipelined request already in the input is parsed in a later callback, outside the
            // answering call, so it is handled after the one before it has finished (in the same
            // turn: both answers leave together).
            if evbuffer_get_length(input) > 0 { event_active(readEvent, EV_READ, 1) }
        }
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
        perform(state.inputArrived(unread: evbuffer_get_length(input)))
        if ended { perform(state.peerEnded(unwritten: unwritten)) }
    }

    /// Reads requests from the input until one is with the handler, the input runs out, the
    /// unread answers pile up, or a rule is broken.
    private func parse() {
        guard state.startParsing() else { return }
        defer { state.stopParsing() }
        while true {
            let next = state.nextRequest(unwritten: unwritten)
            guard next.parse else { return perform(next) }
            do throws(RequestRefusal) {
                switch try reader.next(from: input) {
                case .needMore(let unfinished):
                    if let unfinished { perform(state.partUnfinished(unfinished, now: .now)) }
                    return
                case .bodyFollows(let expectsContinue):
                    if expectsContinue { writeContinue() }
                    perform(state.bodyFollows(now: .now))
                case .request(let head, let body):
                    state.requestParsed()
                    dispatch(head, body: body)
                }
            } catch {
                return perform(state.refuse(error))
            }
        }
    }

    /// Answers `Expect: 100-continue`: the client may send the body.
    private func writeContinue() {
        let interim = "HTTP/1.1 100 Continue\r\n\r\n"
        evbuffer_add(output, interim, interim.utf8.count)
        flush()
    }

    /// Hands a complete request to the handler.
    private func dispatch(_ head: consuming RequestHead, body: consuming [UInt8]) {
        let framing = head.answerFraming
        let request = ServerRequest(
            method: head.method, target: head.target, headers: head.headers, body: body, peer: peer)
        let exchange = Exchange(request: request, framing: framing, connection: self, server: server)
        self.exchange = exchange
        server.accept(exchange)
    }

    // MARK: Writing

    /// Queues the answer, framed as its request asked, for the end of the turn, then reads on —
    /// or, when the connection closes after it, writes it now and winds down. A connection whose
    /// output cannot grow (libevent out of memory) is closed.
    func send(_ response: Response, framing: AnswerFraming) {
        guard !isClosed else { return }
        exchange = nil
        let closes = !framing.keepsAlive || server.isDraining
        let form = ResponseHead(closes: closes, isHTTP10: framing.isHTTP10)
        guard queue(response, as: form, withBody: !framing.omitsBody) else { return close() }
        perform(state.answerQueued(closes: closes))
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
        if let shared = response.body.shared { return reference(shared) }
        return response.body.withUnsafeBytes { body in evbuffer_add(output, body.baseAddress, body.count) == 0 }
    }

    /// Adds `shared` to the output by reference, not copied: the output holds a strong reference
    /// of its own, which libevent gives back once the socket has taken the bytes or the output is
    /// freed (`SharedBytes`' ownership rule). `false` when libevent could not add it.
    private func reference(_ shared: SharedBytes) -> Bool {
        let owner = Unmanaged.passRetained(shared)
        let added = shared.withUnsafeBytes { bytes in
            evbuffer_add_reference(
                output, bytes.baseAddress, bytes.count,
                { _, _, owner in owner.map { Unmanaged<SharedBytes>.fromOpaque($0).release() } },
                owner.toOpaque())
        }
        // On failure libevent keeps nothing and calls nothing back.
        guard added == 0 else {
            owner.release()
            return false
        }
        return true
    }

    // MARK: Streaming

    /// How a streamed body is framed: in chunks (HTTP/1.1, the connection may carry on after it), or
    /// as the bytes until the connection closes (HTTP/1.0).
    private struct StreamFraming {
        var chunked: Bool
        var closes: Bool
    }

    /// Queues the head of `response` at the end of the turn; its body follows in chunks until
    /// `endStream`. A HEAD request or a status without content is answered by the head alone.
    func startStream(_ response: Response, framing: AnswerFraming) -> Bool {
        guard !isClosed else { return false }
        let closes = !framing.keepsAlive || server.isDraining || framing.isHTTP10
        guard queue(response, as: ResponseHead(closes: closes, isHTTP10: framing.isHTTP10), withBody: false) else {
            close()
            return false
        }
        guard !framing.omitsBody, ResponseHead.allowsContent(response.status) else {
            exchange = nil
            perform(state.answerQueued(closes: closes))
            return false
        }
        stream = StreamFraming(chunked: !framing.isHTTP10, closes: closes)
        perform(state.streamStarted())
        return !isClosed
    }

    /// Queues `chunk` for the end of the turn. A client with more than `--max-unread-bytes` of the
    /// stream still unread is cut instead: a subscriber that stopped reading must not hold the
    /// server's memory, nor slow anyone else.
    func sendChunk(_ chunk: [UInt8]) -> Bool {
        guard let stream, !isClosed else { return false }
        if unwritten > server.configuration.maxUnreadBytes {
            server.counters.streamsCut.increment()
            close()
            return false
        }
        guard !chunk.isEmpty else { return true }
        if stream.chunked {
            let size = String(chunk.count, radix: 16) + "\r\n"
            evbuffer_add(output, size, size.utf8.count)
        }
        chunk.withUnsafeBytes { _ = evbuffer_add(output, $0.baseAddress, $0.count) }
        if stream.chunked { evbuffer_add(output, "\r\n", 2) }
        perform(state.chunkQueued())
        return true
    }

    /// Ends the open stream with its last chunk; the connection reads on, or closes after it (an
    /// HTTP/1.0 stream, or the server draining).
    func endStream() {
        guard let stream, !isClosed else { return }
        self.stream = nil
        exchange = nil
        if stream.chunked { evbuffer_add(output, "0\r\n\r\n", 5) }
        perform(state.answerQueued(closes: stream.closes || server.isDraining))
    }

    /// Closes the connection at once, without an answer (the demo controls' `fault=drop`).
    func drop() {
        exchange = nil
        shutdown(fd, Int32(SHUT_RDWR))
        close()
    }

    /// Writes what the output holds, as far as the socket takes it; a socket error closes the
    /// connection.
    private func flush() {
        while evbuffer_get_length(output) > 0 {
            if evbuffer_write(output, fd) < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return close() }
                break
            }
        }
        perform(state.written(everything: evbuffer_get_length(output) == 0))
    }

    func writeQueued() {
        perform(state.turnEnded())
    }

    // MARK: Closing

    /// Frees everything the connection holds and closes its socket; a request still with the
    /// handler is cancelled first.
    func close() {
        guard state.close() else { return }
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
        if state.isAdmitted { server.census.release(peer) }
        server.connections[ObjectIdentifier(self)] = nil
    }
}
