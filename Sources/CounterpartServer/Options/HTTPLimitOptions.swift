import ArgumentParser

/// What one connection and one request may cost the server: sizes, deadlines and counts, each
/// enforced explicitly; the defaults are api.md's limits table.
struct HTTPLimitOptions: ParsableArguments {
    @Option(help: "Largest request line plus headers, in bytes (431 beyond).")
    var maxHeaderBytes = 16 * 1024

    @Option(
        help:
            "Hard ceiling on a request body, in bytes, 413 before it is read (routes allow 64 KiB unless they declare more)."
    )
    var maxBodyBytes = 1024 * 1024

    @Option(help: "Close connections idle (or stalled reading or writing) this long.")
    var idleTimeout = DurationArgument(.seconds(30))

    @Option(
        help:
            "Answer 408 and close when a request's line and headers take longer than this to arrive, however slowly they trickle."
    )
    var headerTimeout = DurationArgument(.seconds(10))

    @Option(help: "Answer 503 and cancel a request's work after this long; 408 when its body takes longer to arrive.")
    var requestTimeout = DurationArgument(.seconds(10))

    @Option(help: "Connections open at once, across all loops, before new ones are answered 503.")
    var maxConnections = 2048

    @Option(help: "Connections one client address may hold open before its new ones are answered 503.")
    var maxConnectionsPerClient = 256

    @Option(help: "Answers a client has not read yet, in bytes, before its connection stops reading its requests.")
    var maxUnreadBytes = 256 * 1024

    @Option(help: "After answering a refused request, how long its client may still read before the connection closes.")
    var lingerTimeout = DurationArgument(.seconds(2))

    @Option(
        help:
            "Requests in flight per event loop before answering 503 with Retry-After (/health, /healthz and /metrics exempt)."
    )
    var maxInFlight = 1024

    func validate() throws {
        guard maxInFlight >= 1 else { throw ValidationError("--max-in-flight must be at least 1.") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
        guard maxConnectionsPerClient >= 1 else {
            throw ValidationError("--max-connections-per-client must be at least 1.")
        }
        guard headerTimeout.duration > .zero else { throw ValidationError("--header-timeout must be positive.") }
        guard maxHeaderBytes >= 1024 else { throw ValidationError("--max-header-bytes must be at least 1024.") }
        guard maxBodyBytes >= 1024 else { throw ValidationError("--max-body-bytes must be at least 1024.") }
        guard maxUnreadBytes >= 1024 else { throw ValidationError("--max-unread-bytes must be at least 1024.") }
    }
}
