import CLibevent
import Glibc
import HTTPKit

/// Stands between one connection's socket and evhttp, and lets through only requests whose framing
/// is beyond doubt.
///
/// It is a libevent filter bufferevent over the socket's: every byte the client sends passes
/// through `filter(_:into:)` before evhttp's parser sees it. A request's head is held back until it
/// is complete, checked by `RequestHead`, and only then handed on; the body follows by the length
/// or the chunks the head declared (`ChunkedFraming`), so evhttp and any proxy in front read the
/// same request boundaries. Held-back head bytes do not reset evhttp's idle timer, and a head must
/// arrive whole within `--header-timeout`, a body within `--request-timeout`, however slowly it
/// trickles.
///
/// What breaks a rule is refused (`RequestRefusal`): the guard writes the problem on the socket
/// itself, after whatever evhttp already queued there, drains what the client still sends, shuts
/// the socket's sending side once the answer is out, and tells evhttp the connection ended a moment
/// later, so the client reads the answer instead of a reset. Nothing after refused bytes is ever
/// parsed as a request.
///
/// Lives on its loop's thread: libevent calls it there, and it is freed there with the connection.
final class ConnectionGuard {
    private enum Phase {
        /// Waiting for a head; `scanned` bytes are known to hold no end of head yet.
        case head(scanned: Int)
        /// Passing (or, for HEAD and TRACE, dropping) `remaining` bytes of a `Content-Length` body.
        case body(remaining: Int, discarding: Bool)
        /// Following a chunked body's framing, passing its data on or dropping it.
        case chunked(ChunkedFraming, discarding: Bool)
        /// Answered and closing: everything else the client sends is dropped.
        case refused
    }

    private enum Deadline { case head, body, linger }

    private let limits: ServerConfiguration
    private let census: ConnectionCensus
    private let counters: LoopCounters
    private let handler: any HTTPHandler
    private let registry: ConnectionGuards
    private var phase = Phase.head(scanned: 0)
    private var socket: OpaquePointer?
    private var filterEvent: OpaquePointer?
    private var address: String?
    private var admission: OpaquePointer?
    private var timer: OpaquePointer?
    private var deadline: Deadline?
    private var drainWatch: OpaquePointer?
    private var hasShutDown = false
    private var isWatchingClose = false
    /// Set when evhttp frees the connection: its bufferevents must no longer be touched.
    private var isClosed = false
    /// Requests handed to evhttp and not yet answered; a refusal waits for them, so answers stay in order.
    private var unanswered = 0
    private var pendingRefusal: RequestRefusal?

    /// Holds what it needs of its server by strong reference: it may outlive the `LoopServer`
    /// (evhttp frees connections while the server is torn down).
    private init(server: LoopServer) {
        limits = server.configuration
        census = server.census
        counters = server.counters
        handler = server.handler
        registry = server.guards
    }

    /// A guarded bufferevent for a new connection on `server`'s loop, for evhttp's `bevcb`.
    static func bufferevent(for server: LoopServer) -> OpaquePointer? {
        let base = server.loop.base
        let options = Int32(BEV_OPT_CLOSE_ON_FREE.rawValue)
        guard let socket = bufferevent_socket_new(base, -1, options) else { return nil }
        // Each connection may write a whole reply in one system call (libevent's default is 16 KiB),
        // so a 25 KB body never waits on Nagle plus delayed ACK (measured: ~40 ms stalls).
        _ = bufferevent_set_max_single_write(socket, 1 << 20)
        let connectionGuard = ConnectionGuard(server: server)
        let context = Unmanaged.passRetained(connectionGuard).toOpaque()
        let filtered = bufferevent_filter_new(
            socket,
            { source, destination, _, _, context in
                guard let source, let destination, let context else { return BEV_ERROR }
                return Unmanaged<ConnectionGuard>.fromOpaque(context).takeUnretainedValue()
                    .filter(source, into: destination)
            },
            nil, options,
            { context in
                guard let context else { return }
                Unmanaged<ConnectionGuard>.fromOpaque(context).takeRetainedValue().release()
            }, context)
        guard let filtered else {
            bufferevent_free(socket)
            Unmanaged<ConnectionGuard>.fromOpaque(context).release()
            return nil
        }
        connectionGuard.socket = socket
        connectionGuard.filterEvent = filtered
        connectionGuard.armAdmission(base: base, context: context)
        server.guards.byBufferevent[filtered] = connectionGuard
        return filtered
    }

    /// Has `connection` (evhttp's, around this guard) flush the socket before evhttp frees it.
    ///
    /// evhttp counts a reply as written once it left the filter, and frees a connection it closes
    /// at that moment, shutting the socket down; so just before that, in evhttp's close callback,
    /// what the socket's bufferevent still holds is written out. A client that reads nothing (its
    /// receive window full) loses the rest, as it would at a write timeout.
    func flushBeforeClose(_ connection: OpaquePointer) {
        guard !isWatchingClose else { return }
        isWatchingClose = true
        evhttp_connection_set_closecb(
            connection,
            { _, context in
                guard let context else { return }
                Unmanaged<ConnectionGuard>.fromOpaque(context).takeUnretainedValue().flush()
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func flush() {
        isClosed = true
        guard let socket else { return }
        let output = bufferevent_get_output(socket)
        let fd = bufferevent_getfd(socket)
        // A socket bufferevent freezes its output's start so only it drains the buffer; thaw it for
        // this last write.
        evbuffer_unfreeze(output, 1)
        while evbuffer_get_length(output) > 0, evbuffer_write(output, fd) > 0 {}
        evbuffer_freeze(output, 1)
    }

    /// Counts the connection against the limits on the loop's next turn, when evhttp has given the
    /// bufferevent its descriptor; the first head's deadline starts then too.
    private func armAdmission(base: OpaquePointer, context: UnsafeMutableRawPointer) {
        admission = event_new(
            base, -1, 0,
            { _, _, context in
                guard let context else { return }
                Unmanaged<ConnectionGuard>.fromOpaque(context).takeUnretainedValue().admit()
            }, context)
        timer = event_new(
            base, -1, 0,
            { _, _, context in
                guard let context else { return }
                Unmanaged<ConnectionGuard>.fromOpaque(context).takeUnretainedValue().deadlinePassed()
            }, context)
        if let admission { event_active(admission, EV_TIMEOUT, 1) }
    }

    // MARK: Reading

    private func filter(_ source: OpaquePointer, into destination: OpaquePointer) -> bufferevent_filter_result {
        if address == nil { admit() }
        var passed = false
        do throws(RequestRefusal) {
            reading: while evbuffer_get_length(source) > 0 {
                switch phase {
                case .head(let scanned):
                    guard let length = try headLength(in: source, scanned: scanned) else { break reading }
                    try passHead(length: length, from: source, to: destination)
                case .body(let remaining, let discarding):
                    let count = min(remaining, evbuffer_get_length(source))
                    move(count, from: source, to: discarding ? nil : destination)
                    phase =
                        remaining == count
                        ? .head(scanned: 0) : .body(remaining: remaining - count, discarding: discarding)
                    if remaining == count { cancelDeadline() }
                case .chunked(var framing, let discarding):
                    try passChunked(&framing, from: source, to: discarding ? nil : destination)
                case .refused:
                    break reading
                }
                passed = true
            }
        } catch {
            refuse(error)
        }
        if case .refused = phase { evbuffer_drain(source, evbuffer_get_length(source)) }
        return passed ? BEV_OK : BEV_NEED_MORE
    }

    /// The length of the head at the front of `source` once its empty line has arrived, or `nil`.
    private func headLength(in source: OpaquePointer, scanned: Int) throws(RequestRefusal) -> Int? {
        if scanned == 0 { skipLeadingEmptyLines(source) }
        var start = evbuffer_ptr()
        evbuffer_ptr_set(source, &start, max(0, scanned - 3), EVBUFFER_PTR_SET)
        let end = evbuffer_search(source, "\r\n\r\n", 4, &start)
        let limit = limits.maxHeaderBytes
        let available = evbuffer_get_length(source)
        guard end.pos >= 0 else {
            if available > limit { throw Self.headersTooLarge(limit) }
            if scanned == 0, available > 0, deadline == nil { arm(.head) }
            phase = .head(scanned: available)
            return nil
        }
        guard end.pos + 4 <= limit else { throw Self.headersTooLarge(limit) }
        return end.pos + 4
    }

    /// RFC 9112 §2.2: an empty line before a request line (a client's stray CRLF after a body) is ignored.
    private func skipLeadingEmptyLines(_ source: OpaquePointer) {
        var pair: (UInt8, UInt8) = (0, 0)
        while evbuffer_copyout(source, &pair, 2) == 2, pair == (UInt8(ascii: "\r"), UInt8(ascii: "\n")) {
            evbuffer_drain(source, 2)
        }
    }

    private func passHead(length: Int, from source: OpaquePointer, to destination: OpaquePointer)
        throws(RequestRefusal)
    {
        guard let bytes = evbuffer_pullup(source, length) else { throw Self.headersTooLarge(length) }
        let head = try RequestHead(
            UnsafeRawBufferPointer(start: bytes, count: length), maxBodyBytes: limits.maxBodyBytes)
        evbuffer_remove_buffer(source, destination, length)
        unanswered += 1
        cancelDeadline()
        switch head.framing {
        case .none:
            phase = .head(scanned: 0)
        case .length(let count):
            phase = .body(remaining: count, discarding: head.discardsBody)
            arm(.body)
        case .chunked:
            let framing = ChunkedFraming(maxBodyBytes: limits.maxBodyBytes, maxTrailerBytes: limits.maxHeaderBytes)
            phase = .chunked(framing, discarding: head.discardsBody)
            arm(.body)
        }
    }

    /// Moves `count` bytes from `source` to `destination`, or drops them when there is none.
    private func move(_ count: Int, from source: OpaquePointer, to destination: OpaquePointer?) {
        if let destination {
            evbuffer_remove_buffer(source, destination, count)
        } else {
            evbuffer_drain(source, count)
        }
    }

    /// Follows a chunked body, handing its data and re-emitted framing to `destination` (or dropping
    /// them when there is none).
    private func passChunked(
        _ framing: inout ChunkedFraming, from source: OpaquePointer, to destination: OpaquePointer?
    )
        throws(RequestRefusal)
    {
        let discarding = destination == nil
        if framing.dataRemaining > 0 {
            let count = min(framing.dataRemaining, evbuffer_get_length(source))
            move(count, from: source, to: destination)
            framing.passed(count)
            phase = .chunked(framing, discarding: discarding)
            return
        }
        var byte: UInt8 = 0
        evbuffer_remove(source, &byte, 1)
        switch try framing.read(byte) {
        case .needMore:
            phase = .chunked(framing, discarding: discarding)
        case .emit(let bytes):
            if let destination { evbuffer_add(destination, bytes, bytes.count) }
            phase = .chunked(framing, discarding: discarding)
        case .finished(let bytes):
            if let destination { evbuffer_add(destination, bytes, bytes.count) }
            phase = .head(scanned: 0)
            cancelDeadline()
        }
    }

    // MARK: Limits

    private func admit() {
        guard address == nil, let admission else { return }
        event_del(admission)
        guard case .head = phase, let socket else { return }
        let peer = PeerAddress.of(bufferevent_getfd(socket))
        if let refusal = census.admit(peer) {
            refuse(refusal)
            return
        }
        address = peer
        if deadline == nil { arm(.head) }
    }

    private func deadlinePassed() {
        guard let passed = deadline else { return }
        deadline = nil
        switch passed {
        case .head:
            // While evhttp answers the previous request it reads nothing; the clock is the client's.
            guard let filterEvent, bufferevent_get_enabled(filterEvent) & Int16(EV_READ) != 0 else {
                arm(.head)
                return
            }
            refuse(
                RequestRefusal(
                    .timeout, "The request's head did not arrive within \(limits.headerTimeout) (--header-timeout)."))
        case .body:
            refuse(
                RequestRefusal(
                    .timeout, "The request's body did not arrive within \(limits.requestTimeout) (--request-timeout)."))
        case .linger:
            close()
        }
    }

    private func arm(_ next: Deadline) {
        guard let timer else { return }
        var timeout =
            switch next {
            case .head: limits.headerTimeout.timeval
            case .body: limits.requestTimeout.timeval
            case .linger: limits.lingerTimeout.timeval
            }
        deadline = next
        event_add(timer, &timeout)
    }

    private func cancelDeadline() {
        guard deadline != nil, let timer else { return }
        deadline = nil
        event_del(timer)
    }

    // MARK: Refusing

    /// Records that evhttp was given the answer to one of the requests handed to it, and moves that
    /// answer to the socket: libevent 2.1's filter moves output when it is added while writing is
    /// enabled, not when evhttp enables writing after adding it, so an answer given after the read
    /// callback would wait for the next read. A refusal waiting for the answer is written after it.
    func answered() {
        guard !isClosed, let filterEvent else { return }
        bufferevent_flush(filterEvent, Int16(EV_WRITE), BEV_NORMAL)
        unanswered -= 1
        if unanswered == 0, let pendingRefusal {
            self.pendingRefusal = nil
            write(pendingRefusal)
        }
    }

    /// Stops reading requests, and answers `refusal` once evhttp has answered those before it.
    private func refuse(_ refusal: RequestRefusal) {
        switch phase {
        case .refused: return
        // evhttp holds this request's head and waits for a body that will never come: it will not
        // answer it. (A HEAD or TRACE, whose body is dropped, was answered without one.)
        case .body(_, discarding: false), .chunked(_, discarding: false): unanswered -= 1
        case .head, .body, .chunked: break
        }
        phase = .refused
        cancelDeadline()
        counters.refusals.increment()
        if unanswered > 0 {
            pendingRefusal = refusal
        } else {
            write(refusal)
        }
    }

    /// Writes `refusal`'s answer on the socket, after anything evhttp queued, and starts closing.
    private func write(_ refusal: RequestRefusal) {
        guard let socket else { return }
        let bytes = RefusalWriter.bytes(of: handler.refusalResponse(refusal))
        let output = bufferevent_get_output(socket)
        evbuffer_add(output, bytes, bytes.count)
        drainWatch = evbuffer_add_cb(
            output,
            { buffer, _, context in
                guard let buffer, let context, evbuffer_get_length(buffer) == 0 else { return }
                Unmanaged<ConnectionGuard>.fromOpaque(context).takeUnretainedValue().answerSent()
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The refusal is on the wire: stop sending, and give the client a moment to read it before the
    /// connection ends (closing with unread input would send a reset that can destroy the answer).
    private func answerSent() {
        guard !hasShutDown, let socket else { return }
        hasShutDown = true
        shutdown(bufferevent_getfd(socket), Int32(SHUT_WR))
        arm(.linger)
    }

    /// Tells evhttp the connection ended; it frees the connection, and with it this guard.
    private func close() {
        guard let filterEvent else { return }
        bufferevent_trigger_event(filterEvent, Int16(BEV_EVENT_EOF | BEV_EVENT_READING), 0)
    }

    /// Called once, when libevent frees the filter: the socket bufferevent is still valid here.
    private func release() {
        if let filterEvent { registry.byBufferevent[filterEvent] = nil }
        if let drainWatch, let socket { evbuffer_remove_cb_entry(bufferevent_get_output(socket), drainWatch) }
        if let admission { event_free(admission) }
        if let timer { event_free(timer) }
        if let address { census.release(address) }
        drainWatch = nil
        admission = nil
        timer = nil
        address = nil
        socket = nil
        filterEvent = nil
    }

    private static func headersTooLarge(_ limit: Int) -> RequestRefusal {
        RequestRefusal(.headersTooLarge, "The request line and headers exceed \(limit) bytes (--max-header-bytes).")
    }
}
