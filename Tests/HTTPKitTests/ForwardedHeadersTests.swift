import HTTPKit
import HTTPTypes
import Testing

/// `--trust-proxy` (api.md §1): behind nginx, the client is the last `X-Forwarded-For` entry and
/// absolute URLs use the scheme and host the client used; values that are not sane are ignored.
@Suite("Forwarded headers")
struct ForwardedHeadersTests {
    static func request(_ headers: [(String, String)], peer: String = "10.0.0.9") -> ServerRequest {
        var fields = HTTPFields()
        for (name, value) in headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return ServerRequest(method: .get, target: "/", headers: fields, peer: peer)
    }

    @Test(
        "the client is the last X-Forwarded-For entry when it is an address, else the peer",
        arguments: [
            ("203.0.113.7", "203.0.113.7"), ("198.51.100.1, 203.0.113.7", "203.0.113.7"),
            ("spoofed, 2001:db8::1", "2001:db8::1"), ("203.0.113.7, ", "10.0.0.9"), ("unknown", "10.0.0.9"),
            ("<script>", "10.0.0.9"), ("203.0.113.7:51234", "203.0.113.7"), ("[2001:db8::1]:443", "2001:db8::1"),
            ("beef", "10.0.0.9"), (":::", "10.0.0.9"), ("999.1.1.1", "10.0.0.9"),
        ])
    func client(header: String, expected: String) {
        #expect(ForwardedHeaders.client(of: Self.request([("X-Forwarded-For", header)])) == expected)
    }

    @Test("the base URL follows X-Forwarded-Proto and -Host only when trusted, and only sane values")
    func baseURL() {
        let forwarded = Self.request([
            ("Host", "10.0.0.9:8080"), ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "api.example.org"),
        ])
        func base(_ request: ServerRequest, trust: Bool) -> String {
            RouteContext.resolve(for: request, publicURL: nil, defaultHost: "localhost:8080", trustProxy: trust).baseURL
        }
        #expect(base(forwarded, trust: true) == "https://api.example.org")
        #expect(base(forwarded, trust: false) == "http://10.0.0.9:8080")
        let odd = Self.request([("Host", "h:1"), ("X-Forwarded-Proto", "gopher"), ("X-Forwarded-Host", "a b")])
        #expect(base(odd, trust: true) == "http://h:1")
        let configured = RouteContext.resolve(
            for: forwarded, publicURL: "https://fixed.example", defaultHost: "x", trustProxy: true)
        #expect(configured.baseURL == "https://fixed.example", "--public-url wins")
    }
}
