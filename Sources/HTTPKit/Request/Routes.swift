public import HTTPTypes

/// A domain's routing table: which paths it serves, with which methods, and how a request on them
/// becomes the domain's public request.
///
/// The app asks every domain's `Routes` in turn; the first that knows the path answers, so a new
/// domain plugs in without touching the others. Methods are checked before `route` is called: 405
/// with `Allow`, `OPTIONS` and HEAD-as-GET are handled once, for every domain.
///
/// ```swift
/// struct ServiceRoutes: Routes {
///     func methods(for path: String) -> [HTTPRequest.Method]? { path == "/health" ? [.get] : nil }
///     func template(for path: String) -> String { path }
///     func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> ServiceRequest { .health }
/// }
/// ```
public protocol Routes<Request>: Sendable {
    /// The domain's public request type.
    associatedtype Request: Sendable

    /// The methods `path` accepts (GET implies HEAD), or `nil` when the domain has no such path.
    func methods(for path: String) -> [HTTPRequest.Method]?

    /// The template of the route `path` belongs to (`/todos/{id}`): the label `/metrics` counts it
    /// under, never the raw path. Asked only for paths `methods(for:)` knows.
    func template(for path: String) -> String

    /// The media types `path` can answer with, most preferred first, for `Accept` negotiation.
    func offeredTypes(for path: String) -> [String]

    /// Whether `request` (method and path) honours `Idempotency-Key` (api.md §1.2). Never a `GET`
    /// or `HEAD`: safe methods are idempotent already, and the app's pipeline does not ask on them.
    func acceptsIdempotencyKey(_ request: ServerRequest) -> Bool

    /// The rate-limited resource `request` counts against (`search`), if any (api.md §1.2).
    func rateLimitResource(_ request: ServerRequest) -> String?

    /// The 429 problem for a client over its allowance.
    func rateLimitedProblem(client: String, retryAfter: Int) -> Problem

    /// How problems on `path` are written, when this domain claims the path's whole prefix (GitHub's
    /// envelope under `/search/`, even for a path no route matches); `nil` leaves it to others.
    func problemFormat(for path: String) -> ProblemFormat?

    /// Whether `request` can be answered from part of the data (`RouteContext.partialResults`).
    func answersPartially(_ request: ServerRequest) -> Bool

    /// Whether any of these routes answers with a stream: only then do its requests pass the
    /// stages for streams.
    var mayStream: Bool { get }

    /// Whether `request` is answered with a stream (server-sent events), which counts against the
    /// stream limits instead of the request deadline.
    func streams(_ request: ServerRequest) -> Bool

    /// Turns a request on one of this domain's paths, with an accepted method, into a public request.
    func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> Request
}

extension Routes {
    /// JSON only, the default for every route.
    public func offeredTypes(for path: String) -> [String] { ["application/json"] }

    /// No idempotency keys, the default.
    public func acceptsIdempotencyKey(_ request: ServerRequest) -> Bool { false }

    /// No rate limit, the default.
    public func rateLimitResource(_ request: ServerRequest) -> String? { nil }

    /// No claim on how problems are written: RFC 9457 unless another domain claims the path.
    public func problemFormat(for path: String) -> ProblemFormat? { nil }

    /// No partial answers, the default.
    public func answersPartially(_ request: ServerRequest) -> Bool { false }

    /// No streams, the default.
    public var mayStream: Bool { false }

    /// No streams, the default.
    public func streams(_ request: ServerRequest) -> Bool { false }

    /// api.md §1.1's `rate-limited` problem with `Retry-After`.
    public func rateLimitedProblem(client: String, retryAfter: Int) -> Problem {
        .rateLimited(client: client, retryAfter: retryAfter)
    }
}

/// What a router needs besides the request: the base for absolute URLs.
public struct RouteContext: Sendable, Equatable {
    /// `--public-url`, or `http://` plus the request's `Host` (api.md §1, "URLs"); no trailing slash.
    public var baseURL: String
    /// `--web-url`: the base of the web (`html_url`) links GitHub-style answers carry.
    public var webURL: String
    /// The demo controls asked for a partial answer (`fault=incomplete`, api.md §6.1): a route that
    /// can give one (search) computes it over part of its data and says so.
    public var partialResults = false

    /// The path part of `baseURL` (`/sandboxes/a` inside a sandbox, `""` for a bare origin): what a
    /// page's own links start with.
    public var basePath: String { Self.path(of: baseURL) }

    /// The path part of a base URL (`http://host/sandboxes/a` → `/sandboxes/a`, `http://host` → `""`).
    public static func path(of baseURL: String) -> String {
        let bytes = baseURL.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) else {
            return ""
        }
        let host = bytes.index(colon, offsetBy: 3)
        guard let slash = bytes[host...].firstIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(Substring(bytes[slash...]))
    }

    /// api.md §3.4's default web URL, `W`.
    public static let defaultWebURL = "https://example.com"

    /// Creates a context.
    public init(baseURL: String, webURL: String = defaultWebURL) {
        self.baseURL = baseURL
        self.webURL = webURL
    }

    /// The context for `request`: `publicURL` when configured, else built from `Host` — or, behind
    /// a trusted proxy, from `X-Forwarded-Proto` and `X-Forwarded-Host` where it sent them.
    public static func resolve(
        for request: ServerRequest,
        publicURL: String?,
        defaultHost: String,
        webURL: String = defaultWebURL,
        trustProxy: Bool = false
    ) -> Self {
        if let publicURL { return Self(baseURL: publicURL, webURL: webURL) }
        let host = request.headers.combinedValue(.hostHeader).flatMap { isSafeHost($0) ? $0 : nil } ?? defaultHost
        guard trustProxy else { return Self(baseURL: "http://" + host, webURL: webURL) }
        let scheme = ForwardedHeaders.scheme(of: request) ?? "http"
        return Self(baseURL: scheme + "://" + (ForwardedHeaders.host(of: request) ?? host), webURL: webURL)
    }

    /// A `Host` value safe to put in a URL: letters, digits, `.-:[]`, at most 255 bytes.
    static func isSafeHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"),
                    UInt8(ascii: "["), UInt8(ascii: "]"):
                    true
                default:
                    false
                }
            }
    }
}
