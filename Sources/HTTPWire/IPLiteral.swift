import HTTPKit

/// The inside of a bracketed host, `[` IPv6address / IPvFuture `]` (RFC 3986 §3.2.2), checked
/// exactly: `Host: [zz]` is as invalid as `Host: a b`, and RFC 9112 §3.2 has a server refuse both.
///
/// An IPv6 address is eight groups of one to four hex digits separated by colons; one `::` may
/// stand for one or more groups of zeros, and the last two groups may be written as an IPv4 address.
/// A zone (`%25eth0`, RFC 6874) is not part of a URI's host and is refused. IPvFuture is `v`, hex
/// digits, `.`, then unreserved characters, sub-delims and colons.
enum IPLiteral {
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first else { return false }
        if first | 0x20 == UInt8(ascii: "v") { return isFuture(bytes) }
        return isIPv6(bytes)
    }

    private static func isFuture(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 1
        while index < bytes.count, bytes[index].hexValue != nil { index += 1 }
        guard index > 1, index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return false }
        let rest = bytes[(index + 1)...]
        return !rest.isEmpty && rest.allSatisfy { HostSyntax.isNameByte($0) || $0 == UInt8(ascii: ":") }
    }

    private static func isIPv6(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var groups = 0
        var hasGap = false
        var index = 0
        if bytes.starts(with: [UInt8(ascii: ":"), UInt8(ascii: ":")]) {
            hasGap = true
            index = 2
        }
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end].hexValue != nil { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
                // An IPv4 address ends the literal and stands for its last two groups.
                guard isIPv4(UnsafeRawBufferPointer(rebasing: bytes[index...])) else { return false }
                groups += 2
                break
            }
            guard (1...4).contains(end - index) else { return false }
            groups += 1
            index = end
            guard index < bytes.count else { break }
            guard bytes[index] == UInt8(ascii: ":"), index + 1 < bytes.count else { return false }
            index += 1
            if bytes[index] == UInt8(ascii: ":") {
                guard !hasGap else { return false }
                hasGap = true
                index += 1
            }
        }
        return hasGap ? groups <= 7 : groups == 8
    }

    /// Four decimal octets, 0 to 255, without leading zeros.
    private static func isIPv4(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                guard (1...3).contains(octet.count), octet.allSatisfy({ (48...57).contains($0) }) else { return false }
                guard octet.count == 1 || octet.first != UInt8(ascii: "0") else { return false }
                return octet.reduce(0) { $0 * 10 + Int($1 - 48) } <= 255
            }
    }
}
