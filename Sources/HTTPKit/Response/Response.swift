public import HTTPTypes

/// A complete HTTP response: status, headers and body bytes.
///
/// Reducers put one in their state's `response` to answer a request; HTTPKit's `ResponseFinalizer`
/// adds the cross-cutting headers, and EventHTTP writes it on the request's own loop. Values are
/// immutable once built, so a response can be cached and sent to many clients.
public struct Response: Sendable, Equatable {
    /// The status line's code and reason.
    public var status: HTTPResponse.Status
    /// Response headers; `Content-Length` is computed by the writer, never set here.
    public var headers: HTTPFields
    /// The body bytes, empty for 204 and 304.
    public var body: ResponseBody
    /// The problem this response reports, rendered into `body` when the response is finalized,
    /// because only then is the request id (the problem's `instance`) at hand.
    public var problem: Problem? {
        get { problemBox?.value }
        set { problemBox = newValue.map(Box.init) }
    }
    /// Whether this is only the head of an answer whose body follows as a stream of chunks of
    /// unknown number (server-sent events): written without `Content-Length`, never cached or
    /// tagged, and kept open until its feature ends it or the client leaves.
    public var streamsBody = false
    /// The fields every finalized answer carries besides these headers; `nil` until finalized.
    public var conventions: ConventionFields? {
        get { conventionsBox?.value }
        set { conventionsBox = newValue.map(Box.init) }
    }

    // Boxed: held inline, the problem (120 bytes) and the conventions (65) made a response 233
    // bytes, which every copy of it — into a store's state, the cache, an answer — moved with
    // `memcpy` and retained field by field. Boxed, it is 58, and each is one reference.
    private var problemBox: Box<Problem>?
    private var conventionsBox: Box<ConventionFields>?

    /// Creates a response.
    public init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: ResponseBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A problem response (api.md §1.1); its body and `Content-Type` are written by
    /// `ResponseFinalizer`, in the format of the route it answers.
    public static func problem(_ problem: Problem) -> Self {
        var response = Self(status: problem.status, headers: problem.headers)
        response.problem = problem
        return response
    }

    /// A `200 OK` (or `status`) JSON response for a value that writes itself.
    public static func json(
        _ value: some JSONWritable,
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> Self {
        // Written straight into the body's array: a writer's own buffer was an allocation and a copy.
        let bytes = JSONWriter.render(capacity: 256) { value.write(to: &$0) }
        return json(bytes: bytes, status: status, headers: headers)
    }

    /// The head of a stream of server-sent events (WHATWG HTML §9.2): `text/event-stream`, never
    /// stored by a cache, and not buffered by a proxy that honours `X-Accel-Buffering` (nginx).
    public static func eventStream(headers: HTTPFields = [:]) -> Self {
        var headers = headers
        headers[.contentType] = MediaType.eventStream
        headers[.cacheControl] = "no-cache"
        headers[.xAccelBuffering] = "no"
        var response = Self(status: .ok, headers: headers)
        response.streamsBody = true
        return response
    }

    /// A JSON response around bytes already rendered.
    public static func json(
        bytes: [UInt8],
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> Self {
        json(body: ResponseBody(bytes), status: status, headers: headers)
    }

    /// A JSON response around a body already rendered (`JSONWriter.renderBody`).
    public static func json(
        body: ResponseBody,
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> Self {
        guard !headers.isEmpty else { return Self(status: status, headers: jsonHeaders, body: body) }
        var headers = headers
        // Looked up before it is set, setting builds and validates the field again; and by index,
        // since `headers[.contentType]` joins every value into a new string.
        if !headers.hasOnly(.contentType, value: MediaType.json) { headers[.contentType] = MediaType.json }
        return Self(status: status, headers: headers, body: body)
    }

    /// A JSON answer's only header when its feature gives none, built and validated once.
    private static let jsonHeaders: HTTPFields = [.contentType: MediaType.json]
}
