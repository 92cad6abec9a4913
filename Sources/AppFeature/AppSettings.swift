/// Application settings that shape responses, as opposed to the HTTP layer's limits.
public struct AppSettings: Sendable, Equatable {
    /// `--public-url`: the base of every absolute URL the server writes; `nil` builds it from `Host`.
    public var publicURL: String?
    /// The `Host` to assume when a request carries none (HTTP/1.0 clients).
    public var defaultHost: String

    /// Creates settings; a trailing slash on `publicURL` is dropped.
    public init(publicURL: String? = nil, defaultHost: String = "localhost:8080") {
        var base = publicURL
        while base?.hasSuffix("/") == true { base?.removeLast() }
        self.publicURL = base
        self.defaultHost = defaultHost
    }
}
