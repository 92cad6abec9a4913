import HTTPKit

/// The syntax of a `Host` field's value and an absolute target's authority, `uri-host [ ":" port ]`
/// (RFC 9112 §3.2, RFC 3986 §3.2.2): a server MUST refuse a request whose `Host` is invalid.
///
/// `uri-host` is a bracketed IP literal (`IPLiteral`) or a reg-name — letters, digits, `-._~`, sub-delims and
/// percent-escapes, which covers IPv4 addresses too — and the port is digits. An empty value is
/// valid: RFC 9112 has a client send it when the target has no authority. Every request is checked,
/// so the check is one pass over the bytes where they lie.
enum HostSyntax {
    static func isValid(_ value: HeadBytes) -> Bool {
        isValid(UnsafeRawBufferPointer(rebasing: value))
    }

    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")),
                IPLiteral.isValid(UnsafeRawBufferPointer(rebasing: bytes[1..<close]))
            else { return false }
            index = close + 1
        } else {
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                if bytes[index] == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, bytes[index + 1].hexValue != nil, bytes[index + 2].hexValue != nil
                    else {
                        return false
                    }
                    index += 3
                    continue
                }
                guard isNameByte(bytes[index]) else { return false }
                index += 1
            }
        }
        guard index < bytes.count else { return true }
        guard bytes[index] == UInt8(ascii: ":") else { return false }
        return bytes[(index + 1)...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// A reg-name's byte, `%` aside: unreserved (letters, digits, `-._~`) or a sub-delim (`!$&'()*+,;=`).
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."),
            UInt8(ascii: "-"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&")...UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default: false
        }
    }
}
