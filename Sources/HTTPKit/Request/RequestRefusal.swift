public import HTTPTypes

/// Why the HTTP layer refuses a request before any handler sees it.
///
/// `HTTPConnection` reads every request's head and body framing off the socket first; what RFC 9112
/// or RFC 9110 make a server reject, and what breaks a limit, becomes one of these. The answer is a
/// problem with `status`, and the connection is closed after it: once framing is in doubt, nothing
/// after the refused bytes can safely be read as a request.
public struct RequestRefusal: Error, Sendable, Equatable {
    /// The kinds of refusal, each with its status.
    public enum Reason: Sendable, Equatable {
        /// The request line, a header or the chunked framing breaks HTTP/1.1's grammar: 400.
        case malformed
        /// The head did not arrive within `--header-timeout`, or the body within `--request-timeout`: 408.
        case timeout
        /// `Content-Length` or the chunks add up to more than `--max-body-bytes`: 413.
        case bodyTooLarge
        /// The request line and headers exceed `--max-header-bytes`: 431.
        case headersTooLarge
        /// A well-formed method this server has no meaning for: 501.
        case methodNotImplemented
        /// An HTTP version other than 1.0 and 1.1: 505.
        case versionNotSupported
        /// `--max-connections` or `--max-connections-per-client` is reached: 503 with `Retry-After`.
        case connectionLimit
    }

    /// Which rule the request broke.
    public let reason: Reason
    /// A sentence for the client saying what was wrong and, where it helps, what to send instead.
    public let detail: String
    /// The request target when the request line was readable, so the answer can take the route's
    /// problem format (GitHub's envelope on `/search/*`).
    public let target: String?

    /// Creates a refusal.
    public init(_ reason: Reason, _ detail: String, target: String? = nil) {
        self.reason = reason
        self.detail = detail
        self.target = target
    }

    /// The status the refusal is answered with.
    public var status: HTTPResponse.Status {
        switch reason {
        case .malformed: .badRequest
        case .timeout: .requestTimeout
        case .bodyTooLarge: .contentTooLarge
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .methodNotImplemented: .notImplemented
        case .versionNotSupported: .httpVersionNotSupported
        case .connectionLimit: .serviceUnavailable
        }
    }
}
