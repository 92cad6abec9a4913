@testable import HTTPWire
import Testing

/// RFC 9112 §3.2 has a server refuse a request whose `Host` is not `uri-host [ ":" port ]`; a
/// bracketed host must be an exact IPv6 or IPvFuture literal (RFC 3986 §3.2.2).
@Suite("Host syntax")
struct HostSyntaxTests {
    private func isValid(_ host: String) -> Bool {
        Array(host.utf8).withUnsafeBytes { HostSyntax.isValid($0) }
    }

    @Test(
        "IPv6 literals: eight groups, or fewer around one ::, the last two perhaps an IPv4 address",
        arguments: [
            "[::]", "[::1]", "[1::]", "[2001:db8::1]:8080", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7::]",
            "[::2:3:4:5:6:7:8]", "[FE80::abcd]", "[::ffff:192.0.2.1]", "[1:2:3:4:5:6:1.2.3.4]:80",
            "[::0.0.0.0]", "[::255.255.255.255]", "[v1.x]", "[V7f.a:b!]",
        ])
    func validLiterals(host: String) {
        #expect(isValid(host))
    }

    @Test(
        "anything else in brackets is refused: wrong group counts, two gaps, zones, bad octets",
        arguments: [
            "[]", "[zz]", "[::1", "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7]", "[1::2::3]", "[:1]", "[1:]",
            "[:::]", "[12345::]", "[fe80::1%25eth0]", "[1.2.3.4]", "[::256.1.1.1]", "[::1.2.3]", "[::01.2.3.4]",
            "[::1.2.3.4:5]", "[1:2:3:4:5:6:7:1.2.3.4]", "[v.x]", "[v1]", "[v1.]", "[vz.x]", "[v1.a b]",
            "[::1]x", "[::1]:8o",
        ])
    func invalidLiterals(host: String) {
        #expect(!isValid(host))
    }
}
