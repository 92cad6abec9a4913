import HTTPKit

/// The header-field rules of RFC 9110 §5 and RFC 9112 §5–6: names are tokens, values hold no
/// controls, `Host` comes once with a valid value, and the body's framing is stated one
/// unambiguous way.
///
/// Where the RFCs allow a leniency on framing, this server takes the stricter reading that strict
/// llhttp takes, so no proxy in front can read a request's end differently: `Content-Length` given
/// twice is refused even when both agree (RFC 9110 §8.6 lets a recipient accept that), and only
/// spaces may surround a framing field's value — a tab there is refused (`chunked\t`).
struct HeaderFieldRules {
    private let target: HeadBytes
    private var hosts = 0
    private var lengths: [HeadBytes] = []
    private var encodings: [HeadBytes] = []
    /// Whether an `Upgrade` field came: with `Connection: upgrade`, the connection closes after the answer.
    private(set) var hasUpgrade = false

    init(target: HeadBytes) { self.target = target }

    /// The request target as text, for a refusal's problem format.
    var targetText: String { String(decoding: target, as: UTF8.self) }

    /// Checks one header line; returns its name and its value without surrounding whitespace.
    mutating func add(_ line: HeadBytes) throws(RequestRefusal) -> (name: HeadBytes, value: HeadBytes) {
        guard let first = line.first, !HeadBytes.isBlank(first) else {
            throw refusal("A header line starts with whitespace: obsolete line folding is refused (RFC 9112 §5.2).")
        }
        guard let colon = line.firstIndex(ofByte: UInt8(ascii: ":")) else {
            throw refusal("The header line \(Printable.quote(line)) has no colon.")
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allBytesSatisfy(HTTPToken.isTokenByte) else {
            throw refusal(
                "The header name \(Printable.quote(name)) is not a token (RFC 9110 §5.1): no spaces, colons or controls."
            )
        }
        let value = Self.trimmed(line[(colon + 1)...])
        if let control = value.firstByte(where: Self.isControl) {
            throw refusal(
                "The value of \(String(decoding: name, as: UTF8.self)) holds the control byte \(Printable.hex(control))."
            )
        }
        switch name.count {
        case 4 where Self.equalsIgnoringCase(name, "host"):
            hosts += 1
            guard HostSyntax.isValid(value) else {
                throw refusal(
                    "The Host header \(Printable.quote(value)) is not a host and an optional port (RFC 9112 §3.2).")
            }
        case 7 where Self.equalsIgnoringCase(name, "upgrade"):
            hasUpgrade = true
        case 14 where Self.equalsIgnoringCase(name, "content-length"):
            try refuseTab(in: line[(colon + 1)...], of: name)
            lengths.append(value)
        case 17 where Self.equalsIgnoringCase(name, "transfer-encoding"):
            try refuseTab(in: line[(colon + 1)...], of: name)
            encodings.append(value)
        default: break
        }
        return (name, value)
    }

    /// Whether `byte` is a control a field value may not hold: any but the tab.
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    private func refuseTab(in value: HeadBytes, of name: HeadBytes) throws(RequestRefusal) {
        guard value.contains(0x09) else { return }
        throw refusal("Only spaces may surround the value of \(String(decoding: name, as: UTF8.self)), not a tab.")
    }

    /// The body's framing once every field is in, or why the fields make it doubtful.
    func framing(isHTTP10: Bool, maxBodyBytes: Int) throws(RequestRefusal) -> BodyFraming {
        if hosts > 1 { throw refusal("The request has \(hosts) Host headers; RFC 9112 §3.2 allows one.") }
        if hosts == 0, !isHTTP10 { throw refusal("An HTTP/1.1 request must carry a Host header (RFC 9112 §3.2).") }
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
        return try declaredLength(first, maxBodyBytes: maxBodyBytes)
    }

    private func declaredLength(_ first: HeadBytes, maxBodyBytes: Int) throws(RequestRefusal) -> BodyFraming {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard lengths.count == 1, !first.isEmpty, first.allSatisfy(digits.contains) else {
            let given = lengths.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
            throw refusal("Content-Length must be one decimal number, given once; got \(given).")
        }
        let significant = first.drop { $0 == UInt8(ascii: "0") }
        let length =
            significant.count > 18 ? Int.max : significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard length <= maxBodyBytes else {
            throw RequestRefusal(
                .bodyTooLarge,
                "The body would be \(String(decoding: first, as: UTF8.self)) bytes; this server takes at most \(maxBodyBytes).",
                target: targetText)
        }
        return length > 0 ? .length(length) : .none
    }

    private func refusal(_ detail: String) -> RequestRefusal {
        RequestRefusal(.malformed, detail, target: targetText)
    }

    private static func trimmed(_ value: HeadBytes) -> HeadBytes {
        guard let start = value.firstIndex(where: { !HeadBytes.isBlank($0) }),
            let end = value.lastIndex(where: { !HeadBytes.isBlank($0) })
        else { return value[value.endIndex...] }
        return value[start...end]
    }

    /// Whether `bytes` spell `lowercase` in any case (ASCII letters only fold). Compared by offset,
    /// on a literal: zipped with a string's UTF-8 view, each comparison went through generic
    /// iterators (~170 instructions for a four-letter name).
    static func equalsIgnoringCase(_ bytes: HeadBytes, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { expected in
            guard bytes.count == expected.count else { return false }
            var offset = 0
            for byte in bytes {
                let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                guard folded == expected[offset] else { return false }
                offset += 1
            }
            return true
        }
    }
}
