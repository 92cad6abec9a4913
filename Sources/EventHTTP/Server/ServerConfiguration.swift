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
    /// The largest request line plus headers, in bytes; larger requests are refused by libevent.
    public var maxHeaderBytes = 16 * 1024
    /// The hard ceiling on a request body, in bytes; libevent answers 413 beyond it.
    public var maxBodyBytes = 1024 * 1024
    /// How long a connection may sit idle, or stall while reading or writing, before it is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// How long one request may take before it is answered 503 and its effects are cancelled.
    public var requestTimeout: Duration = .seconds(10)
    /// The most requests one loop handles at once; beyond it requests get 503 with `Retry-After`.
    public var maxInFlight = 1024
    /// How long a graceful shutdown waits for in-flight requests before cancelling them.
    public var shutdownTimeout: Duration = .seconds(10)

    /// The defaults.
    public init() {}
}
