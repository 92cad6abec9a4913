package import HTTPKit
package import HTTPTypes

/// One request's head — request line and header fields — checked byte by byte against RFC 9112,
/// and read into what the handler sees.
///
/// A lenient parser accepts what a server must reject (a signed or repeated `Content-Length`,
/// `HTTP/01.1`, a space before a colon), and each leniency is a way for a proxy in front and this
/// server to disagree about where a request ends. Lines end in CRLF; a bare CR or LF is refused, as
/// is an obsolete line fold. The check reads the bytes where libevent holds them; only what the
/// handler keeps (target, field names and values) is copied out.
package struct RequestHead: Sendable {
    /// The request's method.
    package let method: HTTPRequest.Method
    /// The request target split into path, query and sandbox prefix: as sent in origin-form, the
    /// URL's path and query in absolute-form (`TargetForm`).
    package let target: RequestTarget
    /// The header fields, in order; an absolute-form target's authority is the `Host` value.
    package let headers: HTTPFields
    /// Whether the request line said HTTP/1.0 (the answer says it too).
    package let isHTTP10: Bool
    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive` (RFC 9112 §9.3) — and never after CONNECT or a
    /// request asking to upgrade (`Connection: upgrade` with `Upgrade`): the server answers them in
    /// HTTP/1.1, but a proxy in front may already pass what follows as a tunnel or the other
    /// protocol, as llhttp does.
    package let keepsAlive: Bool
    /// Whether the client waits for `100 Continue` before sending the body (RFC 9110 §10.1.1).
    package let expectsContinue: Bool
    /// How the body that follows is framed.
    package let framing: BodyFraming
    /// Whether that body is dropped rather than read: a HEAD or TRACE request has no use for
    /// content (RFC 9110 §9.3.2, §9.3.8), but it is consumed, keeping the connection's framing in step.
    package let discardsBody: Bool

    /// Checks `bytes`, a head ending in its empty line. `maxBodyBytes` refuses a declared length
    /// before any body byte is read.
    init(_ bytes: UnsafeRawBufferPointer, maxBodyBytes: Int) throws(RequestRefusal) {
        var lines = HeadLines(bytes: bytes)
        let requestLine = try RequestLine(try lines.next() ?? bytes[0..<0])
        var rules = HeaderFieldRules(target: requestLine.target)
        var headers = HTTPFields()
        headers.reserveCapacity(HeadLines.fieldCount(in: bytes))
        var connection = ConnectionOptions()
        var expectsContinue = false
        while let line = try lines.next(), !line.isEmpty {
            let (name, value) = try rules.add(line)
            if HeaderFieldRules.equalsIgnoringCase(name, "connection") { connection.read(value) }
            if HeaderFieldRules.equalsIgnoringCase(name, "expect") {
                expectsContinue = HeaderFieldRules.equalsIgnoringCase(value, "100-continue")
            }
            if let fieldName = CommonFieldNames.name(spelled: name)
                ?? HTTPField.Name(String(decoding: name, as: UTF8.self))
            {
                headers.append(HTTPField(name: fieldName, value: String(decoding: value, as: UTF8.self)))
            }
        }
        guard requestLine.isSupportedVersion else {
            throw RequestRefusal(
                .versionNotSupported,
                "This server speaks HTTP/1.1 and HTTP/1.0, not \(String(decoding: requestLine.version, as: UTF8.self)).",
                target: rules.targetText)
        }
        guard let method = Self.method(requestLine.method) else {
            throw RequestRefusal(
                .methodNotImplemented,
                "The method \(String(decoding: requestLine.method, as: UTF8.self)) is not one this server implements.",
                target: rules.targetText)
        }
        let routed: TargetForm.Routed
        do throws(RequestRefusal) {
            routed = try TargetForm.read(requestLine.target, method: method)
        } catch {
            throw RequestRefusal(error.reason, error.detail, target: rules.targetText)
        }
        let isHTTP10 = requestLine.isHTTP10
        let framing = try rules.framing(isHTTP10: isHTTP10, maxBodyBytes: maxBodyBytes)
        // Nothing throws from here on: a throw after a stored property is set made the initializer
        // build the head aside and copy it out, retaining and releasing all it holds.
        if let authority = routed.authority { headers[.hostHeader] = authority }
        self.method = method
        target =
            routed.path.map(RequestTarget.init)
            ?? RequestTarget(bytes: UnsafeRawBufferPointer(rebasing: requestLine.target))
        self.headers = headers
        self.isHTTP10 = isHTTP10
        let upgrades = method == .connect || (connection.upgrade && rules.hasUpgrade)
        keepsAlive = !upgrades && (isHTTP10 ? connection.keepAlive && !connection.close : !connection.close)
        self.framing = framing
        self.expectsContinue = expectsContinue && !isHTTP10 && framing != .none
        discardsBody = framing != .none && (method == .head || method == .trace)
    }

    /// The methods this server knows; any other well-formed token is answered 501.
    private static func method(_ token: HeadBytes) -> HTTPRequest.Method? {
        switch token.count {
        case 3 where token.spells("GET"): .get
        case 3 where token.spells("PUT"): .put
        case 4 where token.spells("HEAD"): .head
        case 4 where token.spells("POST"): .post
        case 5 where token.spells("PATCH"): .patch
        case 5 where token.spells("TRACE"): .trace
        case 6 where token.spells("DELETE"): .delete
        case 7 where token.spells("OPTIONS"): .options
        case 7 where token.spells("CONNECT"): .connect
        default: nil
        }
    }
}

/// The `close`, `keep-alive` and `upgrade` options of `Connection` fields (RFC 9110 §7.6.1),
/// case-insensitive.
private struct ConnectionOptions {
    var close = false
    var keepAlive = false
    var upgrade = false

    /// Reads the comma-separated options of one field in place: `split` made an array of them, on
    /// every request a browser or URLSession sends (`Connection: keep-alive`).
    mutating func read(_ value: HeadBytes) {
        var start = value.startIndex
        while start < value.endIndex {
            let end = value[start...].firstIndex(ofByte: UInt8(ascii: ",")) ?? value.endIndex
            let token = value[start..<end].drop(while: HeadBytes.isBlank).prefix { !HeadBytes.isBlank($0) }
            switch token.count {
            case 5 where HeaderFieldRules.equalsIgnoringCase(token, "close"): close = true
            case 7 where HeaderFieldRules.equalsIgnoringCase(token, "upgrade"): upgrade = true
            case 10 where HeaderFieldRules.equalsIgnoringCase(token, "keep-alive"): keepAlive = true
            default: break
            }
            start = end + 1
        }
    }
}

/// The CRLF-terminated lines of a head, without their CRLFs; the empty line ends the head.
///
/// Each line's end is found with `memchr` (vectorized), not byte by byte: a browser's head has a
/// dozen lines, and a `switch` on every byte cost ~8 instructions a byte. The refusals are the
/// byte loop's, in its order: whichever of a CR without LF or a bare LF comes first.
private struct HeadLines {
    let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func next() throws(RequestRefusal) -> HeadBytes? {
        guard position < bytes.count else { return nil }
        let lineFeed = bytes.firstOffset(of: UInt8(ascii: "\n"), in: position..<bytes.count)
        let returnEnd = lineFeed ?? bytes.count
        if let carriageReturn = bytes.firstOffset(of: UInt8(ascii: "\r"), in: position..<returnEnd),
            carriageReturn + 1 != lineFeed
        {
            throw RequestRefusal(.malformed, "A CR in the head is not followed by LF; lines end in CRLF.")
        }
        guard let lineFeed else { return nil }
        guard lineFeed > position, bytes[lineFeed - 1] == UInt8(ascii: "\r") else {
            throw RequestRefusal(
                .malformed, "A line of the head ends in a bare LF; lines end in CRLF (RFC 9112 §2.2).")
        }
        let line = bytes[position..<(lineFeed - 1)]
        position = lineFeed + 1
        return line
    }

    /// How many field lines `bytes`, a whole head, can hold: its line ends, less the request
    /// line's and the empty line's. The fields are reserved room for at once: appended one by one
    /// into `HTTPFields`, a browser's dozen were moved to a larger allocation four times.
    static func fieldCount(in bytes: UnsafeRawBufferPointer) -> Int {
        var (lineEnds, position) = (0, 0)
        while let lineFeed = bytes.firstOffset(of: UInt8(ascii: "\n"), in: position..<bytes.count) {
            lineEnds += 1
            position = lineFeed + 1
        }
        return max(lineEnds - 2, 0)
    }
}
