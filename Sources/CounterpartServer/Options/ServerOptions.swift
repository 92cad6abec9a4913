import ArgumentParser
import EventHTTP
import Logging
import HTTPKit

/// Where `serve` listens, how it names itself in links, and what it logs: the options a deployment
/// sets once.
struct ServerOptions: ParsableArguments {
    @Option(help: "Address to bind (the Docker image passes 0.0.0.0).")
    var host = Environment.string("COUNTERPART_HOST") ?? "127.0.0.1"

    @Option(help: "TCP port (env PORT).")
    var port = Environment.integer("PORT") ?? 8080

    @Option(help: "Event-loop threads (default: CPUs this process may use).")
    var loops = LoopGroup.availableCPUCount()

    @Option(help: "Listen backlog per loop (capped by the kernel's somaxconn).")
    var backlog = 1024

    @Option(help: "Base of every absolute URL the server writes (default: http:// + the request's Host).")
    var publicURL: String?

    @Option(help: "Base of the web links (html_url) GitHub-style answers carry.")
    var webURL = RouteContext.defaultWebURL

    @Flag(
        help: """
            Behind a reverse proxy: take the client address (rate limits) from the last X-Forwarded-For entry \
            and the base URL from X-Forwarded-Proto and X-Forwarded-Host. Never set it when clients can reach \
            the server directly.
            """)
    var trustProxy = false

    @Option(help: "On SIGTERM or SIGINT, wait this long for in-flight requests before cancelling them.")
    var shutdownTimeout = DurationArgument(.seconds(10))

    @Flag(help: "Log one line per request (request id, method, path, status, duration).")
    var accessLog = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is outside 0…65535.") }
        guard loops >= 1 else { throw ValidationError("--loops must be at least 1.") }
        guard webURL.hasPrefix("http://") || webURL.hasPrefix("https://") else {
            throw ValidationError("--web-url \(webURL) must start with http:// or https://.")
        }
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
            throw ValidationError("--public-url \(publicURL) must start with http:// or https://.")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "--log-level \(logLevel) is not one of trace, debug, info, notice, warning, error, critical.")
        }
    }
}
