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

    @Test(
        "a reg-name — perhaps empty, with percent-escapes — and then perhaps a colon and digits",
        arguments: [
            "", "localhost", "localhost:8080", "127.0.0.1:80", "a%2Fb", "a%2f:1", "x:", ":80", "!$&'()*+,;=~_-.:1",
        ]
    )
    func validNames(host: String) {
        #expect(isValid(host))
    }

    @Test(
        "a reg-name is refused for any other byte, a cut escape or a port that is not digits",
        arguments: [
            "a b", "a%2", "a%", "a%zz", "host:8o", "host:80:80", "ho/st", "h\u{e9}", "host:-1", "a@b", "[::1]z",
        ]
    )
    func invalidNames(host: String) {
        #expect(!isValid(host))
    }

    @Test("a reg-name byte is unreserved or a sub-delim (RFC 3986 §2.2, §2.3), for every byte value")
    func nameBytes() {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        let subDelims = Set("!$&'()*+,;=".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HostSyntax.isNameByte(byte) == (unreserved.contains(byte) || subDelims.contains(byte)), "\(byte)")
        }
    }
}
