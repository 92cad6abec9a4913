/// What one connection and one request may cost the server: sizes, deadlines and counts, each
/// enforced explicitly; the defaults are api.md's limits table.
struct HTTPLimitOptions {
    var maxHeaderBytes = 16 * 1024
    var maxBodyBytes = 1024 * 1024
    var idleTimeout = DurationArgument(.seconds(30))
    var headerTimeout = DurationArgument(.seconds(10))
    var requestTimeout = DurationArgument(.seconds(10))
    var maxConnections = 2048
    var maxConnectionsPerClient = 256
    var maxUnreadBytes = 256 * 1024
    var lingerTimeout = DurationArgument(.seconds(2))
    var maxInFlight = 1024

    /// These options, as `serve`'s table lists them (`Serve.sections`).
    static var section: OptionSection {
        OptionSection(
            title: "HTTP limits",
            options: [
                .value(
                    "max-header-bytes", \.limits.maxHeaderBytes,
                    help: "Largest request line plus headers, in bytes (431 beyond)."),
                .value(
                    "max-body-bytes", \.limits.maxBodyBytes,
                    help: """
                        Hard ceiling on a request body, in bytes, 413 before it is read (routes allow 64 KiB unless \
                        they declare more).
                        """),
                .value(
                    "idle-timeout", \.limits.idleTimeout,
                    help: "Close connections idle (or stalled reading or writing) this long."),
                .value(
                    "header-timeout", \.limits.headerTimeout,
                    help: """
                        Answer 408 and close when a request's line and headers take longer than this to arrive, \
                        however slowly they trickle.
                        """),
                .value(
                    "request-timeout", \.limits.requestTimeout,
                    help:
                        "Answer 503 and cancel a request's work after this long; 408 when its body takes longer to arrive."
                ),
                .value(
                    "max-connections", \.limits.maxConnections,
                    help: "Connections open at once, across all loops, before new ones are answered 503."),
                .value(
                    "max-connections-per-client", \.limits.maxConnectionsPerClient,
                    help: "Connections one client address may hold open before its new ones are answered 503."),
                .value(
                    "max-unread-bytes", \.limits.maxUnreadBytes,
                    help:
                        "Answers a client has not read yet, in bytes, before its connection stops reading its requests."
                ),
                .value(
                    "linger-timeout", \.limits.lingerTimeout,
                    help:
                        "After answering a refused request, how long its client may still read before the connection closes."
                ),
                .value(
                    "max-in-flight", \.limits.maxInFlight,
                    help: """
                        Requests in flight per event loop before answering 503 with Retry-After (/health, /healthz \
                        and /metrics exempt).
                        """),
            ])
    }

    /// Refuses a value out of range, naming its option.
    func validate() throws(UsageError) {
        guard maxInFlight >= 1 else { throw UsageError("--max-in-flight must be at least 1.") }
        guard maxConnections >= 1 else { throw UsageError("--max-connections must be at least 1.") }
        guard maxConnectionsPerClient >= 1 else {
            throw UsageError("--max-connections-per-client must be at least 1.")
        }
        guard headerTimeout.duration > .zero else { throw UsageError("--header-timeout must be positive.") }
        guard maxHeaderBytes >= 1024 else { throw UsageError("--max-header-bytes must be at least 1024.") }
        guard maxBodyBytes >= 1024 else { throw UsageError("--max-body-bytes must be at least 1024.") }
        guard maxUnreadBytes >= 1024 else { throw UsageError("--max-unread-bytes must be at least 1024.") }
    }
}
