/// The bytes of a head as they sit in libevent's buffer, read in place.
typealias HeadBytes = Slice<UnsafeRawBufferPointer>

/// One request's head — request line and header fields — checked byte by byte against RFC 9112.
///
/// evhttp's parser is lenient where a server must reject (a signed or repeated `Content-Length`,
/// `HTTP/01.1`, a space before a colon, a HEAD body it never reads), and each leniency is a way for
/// a proxy in front and this server to disagree about where a request ends. So the guard hands
/// evhttp only heads this check accepted, whose framing both sides read the same way. Lines end in
/// CRLF; a bare CR or LF is refused, as is an obsolete line fold. The check reads the bytes where
/// libevent holds them and allocates nothing for a sound head.
struct RequestHead {
    /// The methods evhttp parses; any other well-formed token is answered 501.
    private static let knownMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    /// How the body that follows is framed.
    let framing: BodyFraming
    /// Whether that body must be dropped rather than handed to evhttp: a HEAD or TRACE request has
    /// no use for content (RFC 9110 §9.3.2, §9.3.8) and evhttp reads none for them, so the guard
    /// consumes it, keeping the connection's framing in step.
    let discardsBody: Bool

    /// Checks `bytes`, a head ending in its empty line. `maxBodyBytes` refuses a declared length
    /// before any body byte is read.
    init(_ bytes: UnsafeRawBufferPointer, maxBodyBytes: Int) throws(RequestRefusal) {
        var lines = HeadLines(bytes: bytes)
        let requestLine = try RequestLine(try lines.next() ?? bytes[0..<0])
        var fields = HeaderFieldRules(target: requestLine.target)
        while let line = try lines.next(), !line.isEmpty { try fields.add(line) }
        guard requestLine.isSupportedVersion else {
            throw RequestRefusal(
                .versionNotSupported,
                "This server speaks HTTP/1.1 and HTTP/1.0, not \(String(decoding: requestLine.version, as: UTF8.self)).",
                target: fields.targetText)
        }
        guard Self.knownMethods.contains(where: { $0.utf8.elementsEqual(requestLine.method) }) else {
            throw RequestRefusal(
                .methodNotImplemented,
                "The method \(String(decoding: requestLine.method, as: UTF8.self)) is not one this server implements.",
                target: fields.targetText)
        }
        framing = try fields.framing(isHTTP10: requestLine.isHTTP10, maxBodyBytes: maxBodyBytes)
        discardsBody =
            framing != .none
            && (requestLine.method.elementsEqual("HEAD".utf8) || requestLine.method.elementsEqual("TRACE".utf8))
    }
}

/// The CRLF-terminated lines of a head, without their CRLFs; the empty line ends the head.
private struct HeadLines {
    let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func next() throws(RequestRefusal) -> HeadBytes? {
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\r"):
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else {
                    throw RequestRefusal(.malformed, "A CR in the head is not followed by LF; lines end in CRLF.")
                }
                let line = bytes[position..<index]
                position = index + 2
                return line
            case UInt8(ascii: "\n"):
                throw RequestRefusal(
                    .malformed, "A line of the head ends in a bare LF; lines end in CRLF (RFC 9112 §2.2).")
            default:
                index += 1
            }
        }
        return nil
    }
}
