import CLibevent
import Glibc
import HTTPKit
import HTTPTypes
import Synchronization

/// One loop's HTTP server: its listener, its open connections, and the requests in flight on them.
///
/// Created and configured before the loop runs; afterwards touched only on the loop thread.
/// `@unchecked Sendable`: confined to its loop thread (set-up happens before that thread starts
/// handling requests), the counters it shares are atomic. Its tables of open connections and
/// waiting requests, which connections and answers update, skip the runtime's exclusivity check for
/// the same reason: `@exclusivity(unchecked)`.
final class LoopServer: @unchecked Sendable {
    let loop: EventLoop
    let handler: any HTTPHandler
    let configuration: ServerConfiguration
    let census: ConnectionCensus
    let counters = LoopCounters()
    /// The `Date` of this loop's answers.
    let date = HTTPDateClock()
    /// Every open connection; a connection removes itself when it closes.
    @exclusivity(unchecked) var connections: [ObjectIdentifier: HTTPConnection] = [:]
    private var listeners: [Listener] = []
    /// Turns accepting back on after it was paused because `accept` failed (out of descriptors).
    private var resumeAccepting: OpaquePointer?
    @exclusivity(unchecked) private var pending: [ObjectIdentifier: Exchange] = [:]
    /// The streamed answers open on this loop, ended at once when the server drains.
    private var streams: [ObjectIdentifier: Exchange] = [:]
    /// Writes the heartbeat to every open stream; made with the first stream.
    private var heartbeat: OpaquePointer?
    private(set) var isDraining = false
    /// Whether a request is being accepted: an answer given now is on the fast path.
    private(set) var isAccepting = false

    init(loop: EventLoop, handler: any HTTPHandler, configuration: ServerConfiguration, census: ConnectionCensus) {
        self.loop = loop
        self.handler = handler
        self.configuration = configuration
        self.census = census
    }

    deinit {
        for listener in listeners { evconnlistener_free(listener.listener) }
        if let resumeAccepting { event_free(resumeAccepting) }
        if let heartbeat { event_free(heartbeat) }
    }

    /// Closes every connection still open; called on the loop thread as the server stops, before it
    /// is freed (connections reach it until they close).
    func closeAll() {
        for connection in Array(connections.values) { connection.close() }
    }

    /// Binds a `SO_REUSEPORT` listener for this loop; returns the port bound.
    func bind(host: String, port: Int) throws(EventHTTPError) -> Int {
        let listener = try Listener.bind(
            base: loop.base,
            host: host,
            port: port,
            backlog: configuration.backlog
        )
        evconnlistener_set_cb(
            listener.listener,
            { _, fd, _, _, context in
                guard let context else { return }
                HTTPConnection.open(fd, on: Unmanaged<LoopServer>.fromOpaque(context).takeUnretainedValue())
            }, Unmanaged.passUnretained(self).toOpaque())
        evconnlistener_set_error_cb(listener.listener) { _, context in
            guard let context else { return }
            Unmanaged<LoopServer>.fromOpaque(context).takeUnretainedValue().pauseAccepting()
        }
        listeners.append(listener)
        return listener.port
    }

    /// `accept` failed for a reason that retrying at once would not cure (no descriptor left): the
    /// waiting connection would wake the loop again and again, so accepting pauses for 100 ms.
    private func pauseAccepting() {
        guard !isDraining else { return }
        for listener in listeners { evconnlistener_disable(listener.listener) }
        if resumeAccepting == nil {
            resumeAccepting = event_new(
                loop.base, -1, 0,
                { _, _, context in
                    guard let context else { return }
                    let server = Unmanaged<LoopServer>.fromOpaque(context).takeUnretainedValue()
                    for listener in server.listeners { evconnlistener_enable(listener.listener) }
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        var pause = Duration.milliseconds(100).timeval
        if let resumeAccepting { event_add(resumeAccepting, &pause) }
    }

    /// Stops accepting connections (the listening socket closes); requests on open connections
    /// are answered 503 from now on — a load balancer's health check on a kept-alive connection
    /// reads `draining` — and each connection closes after its answer. Streams end at once, each
    /// with its last chunk: nothing would ever end them otherwise, and their clients reconnect to
    /// another instance.
    func beginDraining() {
        isDraining = true
        if let resumeAccepting { event_del(resumeAccepting) }
        for listener in listeners { evconnlistener_free(listener.listener) }
        listeners.removeAll()
        for exchange in Array(streams.values) { exchange.endStream() }
    }

    /// Answers every request still in flight with 503 `shutdown` and cancels its effects.
    func cancelPending() {
        for exchange in pending.values { exchange.cancel(.shutdown) }
    }

    /// Takes a request whose head and body arrived: answers it at once while draining or over
    /// `--max-in-flight`, else hands it to the handler.
    func accept(_ exchange: Exchange) {
        let request = exchange.served
        counters.requests.increment()
        isAccepting = true
        defer { isAccepting = false }
        if isDraining {
            exchange.reply(handler.drainingResponse(to: request))
        } else if counters.inFlight.load(ordering: .relaxed) > configuration.maxInFlight,
            !handler.bypassesInFlightLimit(request)
        {
            counters.overloads.increment()
            exchange.reply(handler.unavailableResponse(to: request, reason: .overload))
        } else {
            handler.handle(request, exchange: exchange)
        }
    }

    func track(_ exchange: Exchange) {
        pending[ObjectIdentifier(exchange)] = exchange
    }

    func untrack(_ exchange: Exchange) {
        pending[ObjectIdentifier(exchange)] = nil
    }

    func track(stream exchange: Exchange) {
        streams[ObjectIdentifier(exchange)] = exchange
        counters.openStreams.increment()
        if heartbeat == nil { startHeartbeat() }
    }

    /// Sends `configuration.streamHeartbeat` to every open stream at its interval, from now on.
    private func startHeartbeat() {
        // A zero interval would fire on every turn of the loop.
        guard let interval = configuration.streamHeartbeat?.interval, interval >= .milliseconds(1) else { return }
        heartbeat = event_new(
            loop.base, -1, Int16(EV_PERSIST),
            { _, _, context in
                guard let context else { return }
                Unmanaged<LoopServer>.fromOpaque(context).takeUnretainedValue().beat()
            }, Unmanaged.passUnretained(self).toOpaque())
        var every = interval.timeval
        if let heartbeat { event_add(heartbeat, &every) }
    }

    private func beat() {
        guard let chunk = configuration.streamHeartbeat?.chunk else { return }
        for exchange in Array(streams.values) { exchange.write(chunk) }
    }

    func untrack(stream exchange: Exchange) {
        guard streams.removeValue(forKey: ObjectIdentifier(exchange)) != nil else { return }
        counters.openStreams.decrement()
    }
}

extension Duration {
    /// This duration as a `timeval`, for libevent.
    var timeval: Glibc.timeval {
        let (seconds, attoseconds) = components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
