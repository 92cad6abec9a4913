import CLibevent
import Glibc
public import HTTPKit
import HTTPTypes

/// One request in flight on one loop, and the only way to answer it.
///
/// It owns libevent's `evhttp_request`, which never leaves the accepting loop. A request answered
/// inside the callback costs nothing more; one that waits for effects gets a disconnect watcher
/// (`EV_CLOSED`, because evhttp's own close callback fires only at the reply) and a deadline timer,
/// and either of them cancels the request's work and answers 503 (architecture.md §2.5). The first
/// reply wins; later ones are ignored, so every request is answered exactly once.
///
/// `@unchecked Sendable`: stores and effects may hold it, but every method must run on `loop`'s
/// thread (asserted in debug builds) — the same thread the store it serves is isolated to.
public final class Exchange: @unchecked Sendable {
    /// The loop that accepted the request.
    public let loop: EventLoop
    /// Whether the request has been answered (or its connection is gone).
    public private(set) var isAnswered = false

    private var request: OpaquePointer?
    private unowned let server: LoopServer
    private var isHead = false
    private var closeWatcher: OpaquePointer?
    private var deadlineTimer: OpaquePointer?
    private var onCancel: (@Sendable (CancellationReason) -> Void)?
    /// The guard of the request's connection, told when the answer is handed to evhttp. Held here
    /// because evhttp may free the connection inside `evhttp_send_reply`.
    private var connectionGuard: ConnectionGuard?
    /// The request, copied out of libevent into a `Sendable` value when the exchange is created.
    private(set) var served = ServerRequest(method: .get, target: "/")

    init(request: OpaquePointer, server: LoopServer) {
        self.request = request
        self.server = server
        self.loop = server.loop
        server.counters.inFlight.increment()
        served = Self.read(request)
        isHead = served.method == .head
        if let connection = evhttp_request_get_connection(request),
            let bufferevent = evhttp_connection_get_bufferevent(connection),
            let connectionGuard = server.guards.byBufferevent[bufferevent]
        {
            connectionGuard.flushBeforeClose(connection)
            self.connectionGuard = connectionGuard
        }
    }

    /// Copies `request` out of libevent.
    private static func read(_ request: OpaquePointer) -> ServerRequest {
        let method = Self.method(evhttp_request_get_command(request))
        let target = evhttp_request_get_uri(request).map { String(cString: $0) } ?? "/"
        var headers = HTTPFields()
        if let input = evhttp_request_get_input_headers(request) {
            var entry = input.pointee.tqh_first
            while let current = entry {
                if let key = current.pointee.key, let value = current.pointee.value,
                    let name = HTTPField.Name(String(cString: key))
                {
                    headers.append(HTTPField(name: name, value: String(cString: value)))
                }
                entry = current.pointee.next.tqe_next
            }
        }
        var body: [UInt8] = []
        if let input = evhttp_request_get_input_buffer(request) {
            let length = evbuffer_get_length(input)
            if length > 0 {
                body = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                    count = max(0, evbuffer_copyout(input, buffer.baseAddress, length))
                }
            }
        }
        var peer = "unknown"
        if let connection = evhttp_request_get_connection(request) {
            var address: UnsafeMutablePointer<CChar>?
            var port: UInt16 = 0
            evhttp_connection_get_peer(connection, &address, &port)
            if let address { peer = String(cString: address) }
        }
        return ServerRequest(method: method, target: target, headers: headers, body: body, peer: peer)
    }

    /// Writes `response` and releases the request. Only the first call has an effect.
    public func reply(_ response: Response) {
        assert(loop.inEventLoop, "Exchange.reply ran off its loop thread (libevent#883).")
        guard !isAnswered, let request else { return }
        isAnswered = true
        disarm()
        // The cancel hook holds the request's store, which holds this exchange: release it.
        onCancel = nil
        let headers = evhttp_request_get_output_headers(request)
        for field in response.headers {
            evhttp_add_header(headers, field.name.rawName, field.value)
        }
        if server.isDraining {
            evhttp_add_header(headers, "Connection", "close")
        }
        if isHead {
            if response.status.code != 204, response.status.code != 304 {
                evhttp_add_header(headers, "Content-Length", String(response.body.count))
            }
        } else if !response.body.isEmpty, let output = evhttp_request_get_output_buffer(request) {
            response.body.bytes.withUnsafeBytes { bytes in
                _ = evbuffer_add(output, bytes.baseAddress, bytes.count)
            }
        }
        evhttp_send_reply(request, Int32(response.status.code), ReasonPhrases.phrase(for: response.status), nil)
        connectionGuard?.answered()
        connectionGuard = nil
        self.request = nil
        server.counters.inFlight.decrement()
        server.untrack(self)
    }

    /// Marks the request as waiting for effects: arms the disconnect watcher and the deadline.
    /// `onCancel` runs on the loop when either fires (or at shutdown), before the 503 is written.
    /// Called again (a demo delay, then the domain's effects), it only replaces `onCancel`: the
    /// deadline still counts from the first call.
    public func awaitResponse(onCancel: @escaping @Sendable (CancellationReason) -> Void) {
        assert(loop.inEventLoop, "Exchange.awaitResponse ran off its loop thread.")
        guard !isAnswered, let request else { return }
        self.onCancel = onCancel
        guard deadlineTimer == nil else { return }
        server.track(self)
        let context = Unmanaged.passUnretained(self).toOpaque()
        if let connection = evhttp_request_get_connection(request),
            let bufferevent = evhttp_connection_get_bufferevent(connection)
        {
            let fd = bufferevent_getfd(bufferevent)
            closeWatcher = event_new(
                loop.base, fd, Int16(EV_CLOSED),
                { _, _, context in
                    guard let context else { return }
                    Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue().cancel(.clientClosed)
                }, context)
            if let closeWatcher { event_add(closeWatcher, nil) }
        }
        deadlineTimer = event_new(
            loop.base, -1, 0,
            { _, _, context in
                guard let context else { return }
                Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue().cancel(.deadline)
            }, context)
        if let deadlineTimer {
            var timeout = server.configuration.requestTimeout.timeval
            event_add(deadlineTimer, &timeout)
        }
    }

    /// Closes the connection without an answer (the demo controls' `fault=drop`) and releases the
    /// request. The client sees the connection end; libevent frees it when the release's write fails.
    public func drop() {
        assert(loop.inEventLoop, "Exchange.drop ran off its loop thread.")
        guard !isAnswered, let request else { return }
        if let connection = evhttp_request_get_connection(request),
            let bufferevent = evhttp_connection_get_bufferevent(connection)
        {
            shutdown(bufferevent_getfd(bufferevent), Int32(SHUT_RDWR))
        }
        reply(Response(status: .internalServerError))
    }

    /// Cancels the request's work for `reason` and answers it 503.
    func cancel(_ reason: CancellationReason) {
        guard !isAnswered else { return }
        switch reason {
        case .clientClosed: server.counters.clientClosed.increment()
        case .deadline: server.counters.deadlines.increment()
        case .shutdown: server.counters.shutdowns.increment()
        case .overload: break
        }
        onCancel?(reason)
        reply(server.handler.unavailableResponse(to: served, reason: reason))
    }

    private func disarm() {
        if let closeWatcher {
            event_free(closeWatcher)
            self.closeWatcher = nil
        }
        if let deadlineTimer {
            event_free(deadlineTimer)
            self.deadlineTimer = nil
        }
    }

    private static let unallowedMethod = HTTPRequest.Method("UNALLOWED")!

    private static func method(_ command: evhttp_cmd_type) -> HTTPRequest.Method {
        switch command {
        case EVHTTP_REQ_GET: .get
        case EVHTTP_REQ_HEAD: .head
        case EVHTTP_REQ_POST: .post
        case EVHTTP_REQ_PUT: .put
        case EVHTTP_REQ_PATCH: .patch
        case EVHTTP_REQ_DELETE: .delete
        case EVHTTP_REQ_OPTIONS: .options
        case EVHTTP_REQ_TRACE: .trace
        case EVHTTP_REQ_CONNECT: .connect
        // evhttp passes on only the nine methods allowed in LoopServer; ConnectionGuard answers any
        // other 501 before evhttp reads it.
        default: Self.unallowedMethod
        }
    }
}
