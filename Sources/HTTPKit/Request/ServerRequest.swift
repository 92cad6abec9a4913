public import HTTPTypes

/// One HTTP request as the server received it, copied out of the transport.
///
/// `ServerRequest` exists so routers, reducers and tests never touch libevent: EventHTTP copies the
/// method, target, headers, body and peer address into this `Sendable` value inside its callback, and everything
/// after that works on plain Swift data. HEAD arrives with `method == .head`; routers treat it as GET.
public struct ServerRequest: Sendable {
    /// The request method.
    public var method: HTTPRequest.Method
    /// The percent-encoded path, without the query (`/todos/abc`).
    public var path: String
    /// The raw query string after `?`, or `nil` when the target had none.
    public var query: String?
    /// Every request header, in arrival order.
    public var headers: HTTPFields
    /// The request body, fully buffered (libevent 2.1 has no streamed bodies).
    public var body: [UInt8]
    /// The request id: the client's `X-Request-Id` when acceptable, else a fresh UUID.
    public var id: String
    /// The TCP peer's address; rate limits count it, or with `--trust-proxy` `ForwardedHeaders.client`.
    public var peer: String

    /// Creates a request; `target` is split into path and query at the first `?`.
    public init(
        method: HTTPRequest.Method,
        target: String,
        headers: HTTPFields = [:],
        body: [UInt8] = [],
        peer: String = "127.0.0.1"
    ) {
        self.method = method
        // By byte: finding a Character would walk grapheme clusters.
        if let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.path = String(Substring(target.utf8[..<mark]))
            self.query = String(Substring(target.utf8[target.utf8.index(after: mark)...]))
        } else {
            self.path = target
            self.query = nil
        }
        self.headers = headers
        self.body = body
        self.peer = peer
        self.id = RequestID.accepting(headers[.xRequestID])
    }

    /// The decoded query parameters (api.md §1: percent-decoded UTF-8, `+` is a space, last wins).
    public var queryParameters: QueryParameters { QueryParameters(query ?? "") }
}
