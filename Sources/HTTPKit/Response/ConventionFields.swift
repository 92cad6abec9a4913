public import HTTPTypes

/// The fields `ResponseFinalizer` gives an answer beyond its feature's own (api.md §1.2), kept as
/// values for the connection to write straight into the head.
///
/// They are the same on every answer but for their values, and each request has them: appended to
/// `HTTPFields`, each cost ~400 instructions through swift-http-types' generic collection path,
/// and each built from text another ~300 to validate what the server wrote itself (BENCHMARKS.md).
/// A made request id and the timing stay numbers until their bytes are written (`Value`). Their values
/// come only from the finalizer — a request id that `RequestID` accepted or made (no other code can
/// set one), a timing it measured, a tag it computed — so they need no validation.
public struct ConventionFields: Sendable, Equatable {
    /// `X-Request-Id`.
    public let requestID: RequestID
    /// `Server-Timing`.
    public let serverTiming: ServerTiming
    /// `ETag`, when the finalizer computed it (a feature's own tag stays in its headers).
    public let entityTag: String?
    /// Whether `Cache-Control: no-store` is written: the feature chose no `Cache-Control`.
    public let noStore: Bool

    init(requestID: RequestID, serverTiming: ServerTiming, entityTag: String?, noStore: Bool) {
        self.requestID = requestID
        self.serverTiming = serverTiming
        self.entityTag = entityTag
        self.noStore = noStore
    }

    /// One field's value in the form it was made in, so that the head writer writes a made request
    /// id or a timing straight into the head instead of first making it a string, on every answer.
    public enum Value: Sendable {
        case text(String)
        case requestID(RequestID)
        case timing(ServerTiming)

        /// The most bytes `write(into:)` writes.
        @inlinable
        public var maximumByteCount: Int {
            switch self {
            case .text(let text): text.utf8.count
            case .requestID(let id): id.byteCount
            case .timing: ServerTiming.maximumByteCount
            }
        }

        /// Writes the value at the start of `buffer`, which holds at least `maximumByteCount` bytes;
        /// returns how many bytes it took.
        @inlinable
        public func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            // Each case's writer checks the room it is given.
            switch self {
            case .text(let text): text.writeUTF8(into: buffer)
            case .requestID(let id): id.write(into: buffer)
            case .timing(let timing): timing.write(into: buffer)
            }
        }

        /// The value as text.
        public var text: String {
            switch self {
            case .text(let text): text
            case .requestID(let id): id.description
            case .timing(let timing): timing.description
            }
        }
    }

    /// Calls `field` with the name and value of each field but the CORS ones (the same on every
    /// answer, so a writer keeps them ready), in the order they are written: the one list both the
    /// connection's writer and `fields` read.
    @inlinable
    public func forEachOwnField(_ field: (_ name: StaticString, _ value: Value) -> Void) {
        if let entityTag { field("ETag", .text(entityTag)) }
        if noStore { field("Cache-Control", .text("no-store")) }
        field("X-Request-Id", .requestID(requestID))
        field("Server-Timing", .timing(serverTiming))
    }

    /// The fields as `HTTPFields` would hold them, in the order they are written: what a test or a
    /// log reads.
    public var fields: [HTTPField] {
        var fields: [HTTPField] = []
        forEachOwnField { name, value in
            if let name = HTTPField.Name(name.description) { fields.append(HTTPField(name: name, value: value.text)) }
        }
        return fields + CORS.responseHeaders
    }
}

extension Response {
    /// Every field of the answer as it is written: its headers, then its convention fields.
    public var writtenHeaders: HTTPFields {
        var written = headers
        if let conventions { written.append(contentsOf: conventions.fields) }
        return written
    }
}
