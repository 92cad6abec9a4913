import EventHTTP
import HTTPKit
import Logging

/// Where `serve` listens, how it names itself in links, and what it logs: the options a deployment
/// sets once.
struct ServerOptions {
    var host = Environment.string("COUNTERPART_HOST") ?? "127.0.0.1"
    var port = Environment.integer("PORT") ?? 8080
    var loops = LoopGroup.availableCPUCount()
    var backlog = 1024
    var publicURL: String?
    var webURL = RouteContext.defaultWebURL
    var trustProxy = false
    var shutdownTimeout = DurationArgument(.seconds(10))
    var accessLog = false
    var logLevel = "info"

    /// These options, as `serve`'s table lists them (`Serve.sections`).
    static var section: OptionSection {
        OptionSection(
            title: "Server",
            options: [
                .value("host", \.server.host, help: "Address to bind (the Docker image passes 0.0.0.0)."),
                .value("port", \.server.port, help: "TCP port (env PORT)."),
                .value("loops", \.server.loops, help: "Event-loop threads (default: CPUs this process may use)."),
                .value(
                    "backlog", \.server.backlog, help: "Listen backlog per loop (capped by the kernel's somaxconn)."),
                .value(
                    "public-url", \.server.publicURL,
                    help: "Base of every absolute URL the server writes (default: http:// + the request's Host)."),
                .value(
                    "web-url", \.server.webURL, help: "Base of the web links (html_url) GitHub-style answers carry."),
                .flag(
                    "trust-proxy", \.server.trustProxy,
                    help: """
                        Behind a reverse proxy: take the client address (rate limits) from the last X-Forwarded-For \
                        entry and the base URL from X-Forwarded-Proto and X-Forwarded-Host. Never set it when clients \
                        can reach the server directly.
                        """),
                .value(
                    "shutdown-timeout", \.server.shutdownTimeout,
                    help: "On SIGTERM or SIGINT, wait this long for in-flight requests before cancelling them."),
                .flag(
                    "access-log", \.server.accessLog,
                    help: "Log one line per request (request id, method, path, status, duration)."),
                .value(
                    "log-level", \.server.logLevel,
                    help: "Log level: trace, debug, info, notice, warning, error, critical."),
            ])
    }

    /// Refuses a value out of range, naming its option.
    func validate() throws(UsageError) {
        guard (0...65535).contains(port) else { throw UsageError("--port \(port) is outside 0…65535.") }
        guard loops >= 1 else { throw UsageError("--loops must be at least 1.") }
        guard webURL.hasPrefix("http://") || webURL.hasPrefix("https://") else {
            throw UsageError("--web-url \(webURL) must start with http:// or https://.")
        }
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
            throw UsageError("--public-url \(publicURL) must start with http:// or https://.")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw UsageError(
                "--log-level \(logLevel) is not one of trace, debug, info, notice, warning, error, critical.")
        }
    }
}
