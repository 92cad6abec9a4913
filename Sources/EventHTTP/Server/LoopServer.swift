import CLibevent
import Glibc
import HTTPKit
import HTTPTypes
import Synchronization

/// One loop's evhttp: its limits, its listener, and the trampoline every request enters through.
///
/// Created and configured before the loop runs; afterwards touched only on the loop thread.
/// `@unchecked Sendable`: confined to its loop thread (set-up happens before that thread starts
/// handling requests), the counters it shares are atomic.
final class LoopServer: @unchecked Sendable {
    let loop: EventLoop
    let handler: any HTTPHandler
    let configuration: ServerConfiguration
    let census: ConnectionCensus
    let counters = LoopCounters()
    private let http: OpaquePointer
    private var boundSockets: [OpaquePointer] = []
    private var pending: [ObjectIdentifier: Exchange] = [:]
    /// The guard of every open connection.
    let guards = ConnectionGuards()
    private(set) var isDraining = false

    init(loop: EventLoop, handler: any HTTPHandler, configuration: ServerConfiguration, census: ConnectionCensus)
        throws(EventHTTPError)
    {
        guard let http = evhttp_new(loop.base) else {
            throw .setup("evhttp_new failed for loop \(loop.index).")
        }
        self.loop = loop
        self.handler = handler
        self.configuration = configuration
        self.census = census
        self.http = http
        configureLimits()
        let context = Unmanaged.passUnretained(self).toOpaque()
        evhttp_set_gencb(
            http,
            { request, context in
                guard let request, let context else { return }
                Unmanaged<LoopServer>.fromOpaque(context).takeUnretainedValue().accept(request)
            }, context)
        evhttp_set_bevcb(
            http,
            { _, context in
                guard let context else { return nil }
                return ConnectionGuard.bufferevent(for: Unmanaged<LoopServer>.fromOpaque(context).takeUnretainedValue())
            }, context)
    }

    deinit {
        evhttp_free(http)
    }

    private func configureLimits() {
        evhttp_set_max_headers_size(http, configuration.maxHeaderBytes)
        evhttp_set_max_body_size(http, configuration.maxBodyBytes)
        var idle = configuration.idleTimeout.timeval
        evhttp_set_timeout_tv(http, &idle)
        // TRACE and CONNECT reach the handler too, so they get the same 405 problem (with Allow) as any
        // other method a path does not take; methods evhttp does not know never reach it
        // (ConnectionGuard answers them 501).
        let methods: [evhttp_cmd_type] = [
            EVHTTP_REQ_GET, EVHTTP_REQ_HEAD, EVHTTP_REQ_POST, EVHTTP_REQ_PUT, EVHTTP_REQ_PATCH, EVHTTP_REQ_DELETE,
            EVHTTP_REQ_OPTIONS, EVHTTP_REQ_TRACE, EVHTTP_REQ_CONNECT,
        ]
        evhttp_set_allowed_methods(http, UInt16(methods.reduce(0) { $0 | $1.rawValue }))
        evhttp_set_default_content_type(http, MediaType.json)
        // ConnectionGuard refuses oversized heads and bodies before evhttp reads them; evhttp's own
        // limits above, and reading the rest of an oversized body before closing (so the client sees
        // the 413, not a reset), guard a connection whose filter could not be created.
        evhttp_set_flags(http, Int32(EVHTTP_SERVER_LINGERING_CLOSE))
    }

    /// Binds a `SO_REUSEPORT` listener for this loop; returns the port bound.
    func bind(host: String, port: Int) throws(EventHTTPError) -> Int {
        let listener = try Listener.bind(
            base: loop.base,
            host: host,
            port: port,
            backlog: configuration.backlog
        )
        guard let bound = evhttp_bind_listener(http, listener.listener) else {
            throw .bind("evhttp_bind_listener failed for \(host):\(port).")
        }
        boundSockets.append(bound)
        return listener.port
    }

    /// Stops accepting connections; requests on open connections are answered 503 from now on.
    func beginDraining() {
        isDraining = true
        for socket in boundSockets { evhttp_del_accept_socket(http, socket) }
        boundSockets.removeAll()
    }

    /// Answers every request still in flight with 503 `shutdown` and cancels its effects.
    func cancelPending() {
        for exchange in pending.values { exchange.cancel(.shutdown) }
    }

    private func accept(_ request: OpaquePointer) {
        let exchange = Exchange(request: request, server: self)
        let serverRequest = exchange.served
        counters.requests.increment()
        if isDraining {
            exchange.reply(handler.drainingResponse(to: serverRequest))
        } else if counters.inFlight.load(ordering: .relaxed) > configuration.maxInFlight,
            !handler.bypassesInFlightLimit(serverRequest)
        {
            counters.overloads.increment()
            exchange.reply(handler.unavailableResponse(to: serverRequest, reason: .overload))
        } else {
            handler.handle(serverRequest, exchange: exchange)
        }
        if exchange.isAnswered {
            counters.fastPathReplies.increment()
        }
    }

    func track(_ exchange: Exchange) {
        pending[ObjectIdentifier(exchange)] = exchange
    }

    func untrack(_ exchange: Exchange) {
        pending[ObjectIdentifier(exchange)] = nil
    }
}

extension Duration {
    /// This duration as a `timeval`, for libevent.
    var timeval: Glibc.timeval {
        let (seconds, attoseconds) = components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
