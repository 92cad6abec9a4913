public import HTTPTypes

/// One HTTP request as the server received it, copied out of the transport.
///
/// `ServerRequest` exists so routers, reducers and tests never touch libevent: EventHTTP copies the
/// method, target, headers, body and peer address into this `Sendable` value inside its callback, and everything
/// after that works on plain Swift data. HEAD arrives with `method == .head`; routers treat it as GET.
public struct ServerRequest: Sendable {
    /// The request method.
    public var method: HTTPRequest.Method {
        get { storage.method }
        set { mutableStorage.method = newValue }
    }
    /// The percent-encoded path, without the query (`/todos/abc`) — inside the sandbox, when the
    /// target named one with a prefix (`/sandboxes/a/todos/abc` has the path `/todos/abc`).
    public var path: String {
        get { storage.path }
        set { mutableStorage.path = newValue }
    }
    /// The segment after `/sandboxes/` when the target began with that prefix and went on past it
    /// (`a` in `/sandboxes/a/todos`): the sandbox it names, as sent and unchecked (api.md §6.4).
    public var sandboxSegment: String? { storage.sandboxSegment }
    /// The path as the target gave it, prefix and all: what a client is told it asked for.
    public var targetPath: String {
        guard let segment = sandboxSegment else { return path }
        return SandboxPrefix.naming(segment) + path
    }
    /// The raw query string after `?`, or `nil` when the target had none.
    public var query: String? {
        get { storage.query }
        set { mutableStorage.query = newValue }
    }
    /// Every request header, in arrival order.
    public var headers: HTTPFields {
        get { storage.headers }
        set { mutableStorage.headers = newValue }
    }
    /// The request body, fully buffered (at most `--max-body-bytes`).
    public var body: [UInt8] {
        get { storage.body }
        set { mutableStorage.body = newValue }
    }
    /// The request id: the client's `X-Request-Id` when acceptable (`RequestID`), else a fresh
    /// UUID. Only HTTPKit sets it, so it is always safe to write into a head as it is.
    public var id: RequestID { storage.id }
    /// The TCP peer's address; rate limits count it, or with `--trust-proxy` `ForwardedHeaders.client`.
    public var peer: String {
        get { storage.peer }
        set { mutableStorage.peer = newValue }
    }

    /// The fields, behind one reference: a request is handed to the pipeline, its stages, the
    /// responder and the store, and each copy retained every field (~0.1 µs a request, measured).
    /// Copied on the first change to a shared one, so `ServerRequest` stays a value.
    private var storage: Storage

    /// Creates a request; `target` is split into path and query at the first `?`, and a
    /// `/sandboxes/{name}/` prefix off the path (`RequestTarget`).
    public init(
        method: HTTPRequest.Method,
        target: String,
        headers: HTTPFields = [:],
        body: [UInt8] = [],
        peer: String = "127.0.0.1"
    ) {
        self.init(method: method, target: RequestTarget(target), headers: headers, body: body, peer: peer)
    }

    /// Creates a request from a target already split (the transport splits it from its bytes).
    public init(
        method: HTTPRequest.Method,
        target: RequestTarget,
        headers: HTTPFields = [:],
        body: [UInt8] = [],
        peer: String = "127.0.0.1"
    ) {
        storage = Storage(
            method: method, path: target.path, sandboxSegment: target.sandboxSegment, query: target.query,
            headers: headers, body: body, id: RequestID.accepting(headers.combinedValue(.xRequestID)), peer: peer)
    }

    private var mutableStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    private final class Storage: @unchecked Sendable {
        // Mutated only through `mutableStorage`, on a uniquely referenced instance.
        var method: HTTPRequest.Method
        var path: String
        let sandboxSegment: String?
        var query: String?
        var headers: HTTPFields
        var body: [UInt8]
        let id: RequestID
        var peer: String

        init(
            method: HTTPRequest.Method, path: String, sandboxSegment: String?, query: String?, headers: HTTPFields,
            body: [UInt8], id: RequestID, peer: String
        ) {
            self.method = method
            self.path = path
            self.sandboxSegment = sandboxSegment
            self.query = query
            self.headers = headers
            self.body = body
            self.id = id
            self.peer = peer
        }

        func copy() -> Storage {
            Storage(
                method: method, path: path, sandboxSegment: sandboxSegment, query: query, headers: headers, body: body,
                id: id, peer: peer)
        }
    }

    /// The decoded query parameters (api.md §1: percent-decoded UTF-8, `+` is a space, last wins).
    public var queryParameters: QueryParameters { QueryParameters(query ?? "") }
}
