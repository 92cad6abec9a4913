import HTTPKit

/// One request's head — request line and header fields — checked byte by byte against RFC 9112.
///
/// evhttp's parser is lenient where a server must reject (a signed or repeated `Content-Length`,
/// `HTTP/01.1`, a space before a colon, a HEAD body it never reads), and each leniency is a
/// way for a proxy in front and this server to disagree about where a request ends. So the guard
/// hands evhttp only heads this check accepted, whose framing both sides read the same way. Lines
/// end in CRLF; a bare CR or LF is refused, as is an obsolete line fold.
struct RequestHead {
    /// The methods evhttp parses; any other well-formed token is answered 501.
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT",
    ]

    /// How the body that follows is framed.
    let framing: BodyFraming
    /// Whether that body must be dropped rather than handed to evhttp: a HEAD or TRACE request has
    /// no use for content (RFC 9110 §9.3.2, §9.3.8) and evhttp reads none for them, so the guard
    /// consumes it, keeping the connection's framing in step.
    let discardsBody: Bool

    /// Checks `bytes`, a head ending in its empty line. `maxBodyBytes` refuses a declared length
    /// before any body byte is read.
    init(_ bytes: UnsafeRawBufferPointer, maxBodyBytes: Int) throws(RequestRefusal) {
        var lines = try Self.lines(of: bytes)
        let requestLine = try RequestLine(lines.removeFirst())
        var fields = FieldRules(target: requestLine.target)
        for line in lines where !line.isEmpty { try fields.add(line) }
        if !requestLine.isSupportedVersion {
            throw RequestRefusal(
                .versionNotSupported, "This server speaks HTTP/1.1 and HTTP/1.0, not \(requestLine.version).",
                target: requestLine.target)
        }
        guard Self.knownMethods.contains(requestLine.method) else {
            throw RequestRefusal(
                .methodNotImplemented, "The method \(requestLine.method) is not one this server implements.",
                target: requestLine.target)
        }
        framing = try fields.framing(for: requestLine, maxBodyBytes: maxBodyBytes)
        discardsBody = framing != .none && (requestLine.method == "HEAD" || requestLine.method == "TRACE")
    }

    /// The lines of the head without their CRLFs; the last one is the empty line that ends it.
    private static func lines(of bytes: UnsafeRawBufferPointer) throws(RequestRefusal) -> [ArraySlice<UInt8>] {
        let all = [UInt8](bytes)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < all.count {
            switch all[index] {
            case UInt8(ascii: "\r"):
                guard index + 1 < all.count, all[index + 1] == UInt8(ascii: "\n") else {
                    throw RequestRefusal(.malformed, "A CR in the head is not followed by LF; lines end in CRLF.")
                }
                lines.append(all[start..<index])
                index += 2
                start = index
            case UInt8(ascii: "\n"):
                throw RequestRefusal(
                    .malformed, "A line of the head ends in a bare LF; lines end in CRLF (RFC 9112 §2.2).")
            default:
                index += 1
            }
        }
        return lines
    }
}

/// `method SP request-target SP HTTP-version`, with exactly one space between the three.
private struct RequestLine {
    let method: String
    let target: String
    let version: String

    init(_ line: ArraySlice<UInt8>) throws(RequestRefusal) {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw RequestRefusal(
                .malformed,
                "The request line must be a method, a target and a version separated by single spaces; got \(Printable.quote(line))."
            )
        }
        method = String(decoding: parts[0], as: UTF8.self)
        target = String(decoding: parts[1], as: UTF8.self)
        version = String(decoding: parts[2], as: UTF8.self)
        guard HTTPToken.isValid(method) else {
            throw RequestRefusal(.malformed, "The method \(Printable.quote(parts[0])) is not a token (RFC 9110 §9.1).")
        }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw RequestRefusal(
                .malformed,
                "The request target \(Printable.quote(parts[1])) must be visible ASCII; percent-encode the rest.")
        }
        guard Self.isVersionSyntax(parts[2]) else {
            throw RequestRefusal(
                .malformed, "The version \(Printable.quote(parts[2])) is not HTTP/<digit>.<digit> (RFC 9112 §2.3).",
                target: target)
        }
    }

    var isSupportedVersion: Bool { version == "HTTP/1.1" || version == "HTTP/1.0" }
    var isHTTP10: Bool { version == "HTTP/1.0" }

    private static func isVersionSyntax(_ bytes: ArraySlice<UInt8>) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let text = Array(bytes)
        return text.count == 8 && text[0..<5].elementsEqual("HTTP/".utf8) && digits.contains(text[5])
            && text[6] == UInt8(ascii: ".") && digits.contains(text[7])
    }
}

/// The header-field rules: names are tokens, values hold no controls, `Host` comes once, and the
/// body's framing is stated one unambiguous way.
private struct FieldRules {
    let target: String
    private var hosts = 0
    private var lengths: [ArraySlice<UInt8>] = []
    private var encodings: [ArraySlice<UInt8>] = []

    init(target: String) { self.target = target }

    mutating func add(_ line: ArraySlice<UInt8>) throws(RequestRefusal) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw refusal("A header line starts with whitespace: obsolete line folding is refused (RFC 9112 §5.2).")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw refusal("The header line \(Printable.quote(line)) has no colon.")
        }
        let name = line[..<colon]
        guard HTTPToken.isValid(String(decoding: name, as: UTF8.self)) else {
            throw refusal(
                "The header name \(Printable.quote(name)) is not a token (RFC 9110 §5.1): no spaces, colons or controls."
            )
        }
        let value = Self.trimmed(line[(colon + 1)...])
        if let control = value.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            throw refusal(
                "The value of \(String(decoding: name, as: UTF8.self)) holds the control byte \(Printable.hex(control))."
            )
        }
        switch name.count {
        case 4 where Self.equalsIgnoringCase(name, "host"): hosts += 1
        case 14 where Self.equalsIgnoringCase(name, "content-length"): lengths.append(value)
        case 17 where Self.equalsIgnoringCase(name, "transfer-encoding"): encodings.append(value)
        default: break
        }
    }

    func framing(for line: RequestLine, maxBodyBytes: Int) throws(RequestRefusal) -> BodyFraming {
        if hosts > 1 { throw refusal("The request has \(hosts) Host headers; RFC 9112 §3.2 allows one.") }
        if hosts == 0, !line.isHTTP10 { throw refusal("An HTTP/1.1 request must carry a Host header (RFC 9112 §3.2).") }
        return try declaredFraming(isHTTP10: line.isHTTP10, maxBodyBytes: maxBodyBytes)
    }

    private func declaredFraming(isHTTP10: Bool, maxBodyBytes: Int) throws(RequestRefusal) -> BodyFraming {
        if !encodings.isEmpty {
            guard encodings.count == 1, Self.equalsIgnoringCase(encodings[0], "chunked") else {
                throw refusal("Transfer-Encoding must be exactly \"chunked\", the only coding this server reads.")
            }
            guard lengths.isEmpty else {
                throw refusal("A request cannot carry both Transfer-Encoding and Content-Length (RFC 9112 §6.3).")
            }
            guard !isHTTP10 else { throw refusal("HTTP/1.0 has no chunked transfer coding (RFC 9112 §6.1).") }
            return .chunked
        }
        guard let first = lengths.first else { return .none }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard !first.isEmpty, first.allSatisfy(digits.contains), lengths.allSatisfy({ $0.elementsEqual(first) }) else {
            let given = lengths.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
            throw refusal("Content-Length must be one decimal number, given once; got \(given).")
        }
        let significant = first.drop { $0 == UInt8(ascii: "0") }
        let length = significant.count > 18 ? Int.max : Int(String(decoding: significant, as: UTF8.self)) ?? 0
        guard length <= maxBodyBytes else {
            throw RequestRefusal(
                .bodyTooLarge,
                "The body would be \(String(decoding: first, as: UTF8.self)) bytes; this server takes at most \(maxBodyBytes).",
                target: target)
        }
        return length > 0 ? .length(length) : .none
    }

    private func refusal(_ detail: String) -> RequestRefusal {
        RequestRefusal(.malformed, detail, target: target)
    }

    private static func trimmed(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = value.firstIndex(where: { !isSpace($0) }), let end = value.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return value[start...end]
    }

    private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: String) -> Bool {
        bytes.count == lowercase.utf8.count
            && zip(bytes, lowercase.utf8).allSatisfy { byte, expected in byte | 0x20 == expected || byte == expected }
    }
}
