/// Where the server listens and every limit it enforces, each explicit (architecture.md §2.3).
///
/// The defaults are api.md's limits table; `counterpart serve` exposes each as an option.
public struct ServerConfiguration: Sendable, Equatable {
    /// The address to bind: `127.0.0.1` by default, `0.0.0.0` in the Docker image.
    public var host = "127.0.0.1"
    /// The TCP port; `0` picks a free one (tests), readable afterwards from `HTTPServer.port`.
    public var port = 8080
    /// Event-loop threads, one listener each; defaults to the CPUs this process may run on.
    public var loops = LoopGroup.availableCPUCount()
    /// The listen backlog (the kernel caps it at `somaxconn`).
    public var backlog = 1024
    /// The largest request line plus headers, in bytes; a larger head is answered 431.
    public var maxHeaderBytes = 16 * 1024
    /// The hard ceiling on a request body, in bytes; a larger `Content-Length` is answered 413
    /// before any body byte is read, a chunked body as soon as its chunks pass it.
    public var maxBodyBytes = 1024 * 1024
    /// How long a request's line and headers may take to arrive, counted from their first byte (from
    /// the connection's opening for its first request), however slowly they trickle; then 408.
    public var headerTimeout: Duration = .seconds(10)
    /// The most connections open at once, across every loop; beyond it a new one is answered 503.
    public var maxConnections = 2048
    /// The most connections one client address may hold open; beyond it a new one is answered 503.
    public var maxConnectionsPerClient = 256
    /// After a refused request's answer is sent, how long the client has to read it (its further
    /// bytes are discarded meanwhile) before the connection is closed.
    public var lingerTimeout: Duration = .seconds(2)
    /// How long a connection may sit idle, or stall while reading or writing, before it is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// How long one request may take before it is answered 503 and its effects are cancelled; also
    /// how long its body may take to arrive after its head (then 408).
    public var requestTimeout: Duration = .seconds(10)
    /// Answers a client has not read yet, in bytes, past which its connection reads no further
    /// request until they have left (a client that sends without reading is slowed, not buffered).
    public var maxUnreadBytes = 256 * 1024
    /// The most requests one loop handles at once; beyond it requests get 503 with `Retry-After`.
    public var maxInFlight = 1024
    /// How long a graceful shutdown waits for in-flight requests before cancelling them.
    public var shutdownTimeout: Duration = .seconds(10)
    /// What every open stream is sent at a fixed interval, so a quiet one stays open; `nil`, or an
    /// interval under 1 ms, sends nothing.
    public var streamHeartbeat: StreamHeartbeat?

    /// The defaults.
    public init() {}
}
