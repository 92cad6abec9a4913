import CLibevent
public import Logging
public import ServiceLifecycle
import Synchronization

/// The HTTP server: a group of event loops, each with its own `SO_REUSEPORT` listener and connections.
///
/// A swift-service-lifecycle `Service`: `run()` serves until graceful shutdown is requested (SIGTERM,
/// SIGINT), then stops accepting, lets in-flight requests finish within `shutdownTimeout`, answers
/// the rest 503, and stops the loops (architecture.md §2.6). Tests call `start()` to learn the port
/// and `shutdown()` to stop.
public final class HTTPServer: Service, Sendable {
    /// The configuration the server was created with.
    public let configuration: ServerConfiguration
    private let handler: any HTTPHandler
    private let logger: Logger
    private let state = Mutex<State>(.idle)
    /// Which loop answers the next request handed in without a socket.
    let nextInProcessLoop = Atomic<Int>(0)

    private enum State {
        case idle
        case running(group: LoopGroup, servers: [LoopServer], port: Int)
        case stopped
    }

    /// Creates a server; nothing is bound until `start()` or `run()`.
    public init(configuration: ServerConfiguration, handler: some HTTPHandler, logger: Logger) {
        self.configuration = configuration
        self.handler = handler
        self.logger = logger
    }

    /// Prepares libevent for threads; call once at process start, before any server exists.
    ///
    /// Ignores SIGPIPE (libevent 2.1.12 writes without `MSG_NOSIGNAL`), keeps glibc from returning
    /// every freed top-of-heap page to the kernel (measured: an `mprotect` every other request on a
    /// loop thread's arena), and turns on libevent's thread support (which every loop also makes
    /// sure of before its base exists).
    public static func bootstrapProcess() {
        counterpart_ignore_sigpipe()
        counterpart_tune_malloc()
        _ = EventLoop.threadSupport
    }

    /// Binds one listener per loop and starts the loops; returns the port bound.
    @discardableResult
    public func start() throws(EventHTTPError) -> Int {
        try start(listening: true)
    }

    /// Starts the loops, each with a listener when `listening`; returns the port bound (0 without).
    @discardableResult
    func start(listening: Bool) throws(EventHTTPError) -> Int {
        if case .running(_, _, let port) = state.withLock({ $0 }) { return port }
        if let warning = DescriptorLimit.ensure(room: configuration.maxConnections) { logger.warning("\(warning)") }
        let group = try LoopGroup(count: configuration.loops)
        var servers: [LoopServer] = []
        var port = configuration.port
        let census = ConnectionCensus(
            maxConnections: configuration.maxConnections, maxPerClient: configuration.maxConnectionsPerClient)
        do {
            for loop in group.loops {
                let server = LoopServer(loop: loop, handler: handler, configuration: configuration, census: census)
                if listening { port = try server.bind(host: configuration.host, port: port) }
                servers.append(server)
            }
        } catch {
            for loop in group.loops { loop.execute { loop.stop() } }
            group.join()
            throw error
        }
        let bound = listening ? port : 0
        state.withLock { $0 = .running(group: group, servers: servers, port: bound) }
        guard listening else { return bound }
        logger.info(
            "listening",
            metadata: ["host": "\(configuration.host)", "port": "\(bound)", "loops": "\(group.loops.count)"]
        )
        return bound
    }

    /// The bound port, once started.
    public var port: Int? {
        if case .running(_, _, let port) = state.withLock({ $0 }) { return port }
        return nil
    }

    /// Each loop's server, once started.
    var loopServers: [LoopServer] {
        guard case .running(_, let servers, _) = state.withLock({ $0 }) else { return [] }
        return servers
    }

    /// Counters summed over every loop.
    public func statistics() -> ServerStatistics {
        statisticsPerLoop().reduce(ServerStatistics(), +)
    }

    /// Counters of each loop, in loop order.
    public func statisticsPerLoop() -> [ServerStatistics] {
        loopServers.map(\.counters.snapshot)
    }

    /// Serves until graceful shutdown or cancellation, then drains and stops.
    public func run() async throws {
        try start()
        try? await gracefulShutdown()
        await shutdown()
    }

    /// Stops accepting, waits up to `shutdownTimeout` for in-flight requests, answers the rest 503,
    /// and stops every loop. Safe to call more than once.
    public func shutdown() async {
        let current = state.withLock { state in
            defer { if case .running = state { state = .stopped } }
            return state
        }
        guard case .running(let group, let servers, _) = current else { return }
        logger.info("draining", metadata: ["in_flight": "\(statistics(of: servers).inFlight)"])
        for server in servers { server.loop.execute { server.beginDraining() } }
        let deadline = ContinuousClock.now.advanced(by: configuration.shutdownTimeout)
        while statistics(of: servers).inFlight > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        for server in servers { server.loop.execute { server.cancelPending() } }
        // The 503s just written reach their sockets; then every connection closes on its own loop.
        try? await Task.sleep(for: .milliseconds(50))
        for server in servers {
            server.loop.execute {
                server.closeAll()
                server.loop.stop()
            }
        }
        await group.joined()
        logger.info("stopped")
    }

    private func statistics(of servers: [LoopServer]) -> ServerStatistics {
        servers.map(\.counters.snapshot).reduce(ServerStatistics(), +)
    }
}
