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
        let count = bytes.count
        var index = 0
        if count > 0, bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")),
                IPLiteral.isValid(UnsafeRawBufferPointer(rebasing: bytes[1..<close]))
            else { return false }
            index = close + 1
        } else {
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ":") { break }
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < count, bytes[index + 1].hexValue != nil, bytes[index + 2].hexValue != nil
                    else { return false }
                    index += 3
                } else {
                    guard isNameByte(byte) else { return false }
                    index += 1
                }
            }
        }
        guard index < count else { return true }
        guard bytes[index] == UInt8(ascii: ":") else { return false }
        // The port: digits only, compared as one unsigned range check each.
        for digit in UnsafeRawBufferPointer(rebasing: bytes[(index + 1)...]) where digit &- UInt8(ascii: "0") > 9 {
            return false
        }
        return true
    }

    /// A reg-name's byte, `%` aside: unreserved (letters, digits, `-._~`) or a sub-delim (`!$&'()*+,;=`).
    /// One bit per ASCII byte (`nameBytesLow` for 0–63, `nameBytesHigh` for 64–127): a `Host` is
    /// checked on every request, and comparing each byte with eleven ranges cost ~20 instructions a
    /// byte. A test holds the bits to the definition above for every byte value.
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte < 64 ? nameBytesLow >> byte & 1 != 0 : byte < 128 && nameBytesHigh >> (byte - 64) & 1 != 0
    }

    /// `!`, `$`, `&` through `.`, the digits, `;` and `=`.
    static let nameBytesLow: UInt64 = 0x2bff_7fd2_0000_0000
    /// The letters, `_` and `~`.
    static let nameBytesHigh: UInt64 = 0x47ff_fffe_87ff_fffe
}
