public import HTTPKit

/// Application settings that shape responses, as opposed to the HTTP layer's limits.
public struct AppSettings: Sendable, Equatable {
    /// `--public-url`: the base of every absolute URL the server writes; `nil` builds it from `Host`.
    public var publicURL: String?
    /// The `Host` to assume when a request carries none (HTTP/1.0 clients).
    public var defaultHost: String
    /// `--web-url`: the base of `html_url`-style links (api.md §3.4's `W`).
    public var webURL: String
    /// `--trust-proxy`: take the client address, scheme and host from `X-Forwarded-*` (api.md §1).
    public var trustProxy: Bool
    /// `--dev`: serve the demo controls and `/__admin` (api.md §6.1–§6.2); without it they are 404.
    public var dev: Bool
    /// `--max-sandboxes` and `--sandbox-idle` (api.md §6.4).
    public var sandboxLimits: SandboxLimits
    /// `--max-streams-per-loop` and `--max-streams-per-client`.
    public var streamLimits: StreamLimits

    /// Creates settings; trailing slashes on the URLs are dropped.
    public init(
        publicURL: String? = nil,
        defaultHost: String = "localhost:8080",
        webURL: String = RouteContext.defaultWebURL,
        trustProxy: Bool = false,
        dev: Bool = false,
        sandboxLimits: SandboxLimits = SandboxLimits(),
        streamLimits: StreamLimits = StreamLimits()
    ) {
        var base = publicURL
        while base?.hasSuffix("/") == true { base?.removeLast() }
        var web = webURL
        while web.hasSuffix("/") { web.removeLast() }
        self.publicURL = base
        self.defaultHost = defaultHost
        self.webURL = web
        self.trustProxy = trustProxy
        self.dev = dev
        self.sandboxLimits = sandboxLimits
        self.streamLimits = streamLimits
    }
}
