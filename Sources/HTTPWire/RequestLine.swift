import HTTPKit

/// `method SP request-target SP HTTP-version` (RFC 9112 §3), with exactly one space between the
/// three, a token for the method, visible ASCII for the target and `HTTP/<digit>.<digit>`.
struct RequestLine {
    let method: HeadBytes
    let target: HeadBytes
    let version: HeadBytes
    /// The version's digits, `HTTP/<major>.<minor>`, read once: comparing the version's bytes with
    /// a string's, three times a request, cost more than the rest of the line.
    private let major: UInt8
    private let minor: UInt8

    init(_ line: HeadBytes) throws(RequestRefusal) {
        let space = UInt8(ascii: " ")
        guard let first = line.firstIndex(of: space), let second = line[(first + 1)...].scanIndex(ofByte: space),
            !line[(second + 1)...].contains(space), first > line.startIndex, second > first + 1
        else {
            throw RequestRefusal(
                .malformed,
                "The request line must be a method, a target and a version separated by single spaces; got \(Printable.quote(line))."
            )
        }
        method = line[..<first]
        target = line[(first + 1)..<second]
        version = line[(second + 1)...]
        guard method.allSatisfy(HTTPToken.isTokenByte) else {
            throw RequestRefusal(.malformed, "The method \(Printable.quote(method)) is not a token (RFC 9110 §9.1).")
        }
        guard target.isVisibleASCII else {
            throw RequestRefusal(
                .malformed,
                "The request target \(Printable.quote(target)) must be visible ASCII; percent-encode the rest.")
        }
        guard Self.isVersionSyntax(version) else {
            throw RequestRefusal(
                .malformed, "The version \(Printable.quote(version)) is not HTTP/<digit>.<digit> (RFC 9112 §2.3).",
                target: String(decoding: target, as: UTF8.self))
        }
        major = version[version.startIndex + 5] - UInt8(ascii: "0")
        minor = version[version.startIndex + 7] - UInt8(ascii: "0")
    }

    var isSupportedVersion: Bool { major == 1 && minor <= 1 }
    var isHTTP10: Bool { major == 1 && minor == 0 }

    private static func isVersionSyntax(_ bytes: HeadBytes) -> Bool {
        guard bytes.count == 8, bytes.prefix(5).spells("HTTP/") else { return false }
        let start = bytes.startIndex
        return isDigit(bytes[start + 5]) && bytes[start + 6] == UInt8(ascii: ".") && isDigit(bytes[start + 7])
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
