import HTTPKit
import AppFeature
import CounterpartTestSupport
import Foundation
import Testing

/// `--trust-proxy` (api.md §1) end to end: per-client rate limits and absolute URLs behind a proxy;
/// without the flag the same headers change nothing.
@Suite("Trusted proxy headers, in process")
struct TrustProxyHTTPTests {
    @Test("trusted, each forwarded client has its own window and the Link header the proxy's URL")
    func trusted() async throws {
        let limiter = RateLimiter.standard(overrides: ["search": .init(requests: 1, enforced: true)], now: { 0 })
        try await InProcessApp.run(
            dependencies: SearchHTTPTests.dependencies(), trustProxy: true, rateLimiter: limiter
        ) { (client: InProcessApp) async throws in
            func search(from address: String) async throws -> ClientResponse {
                try await client.request(
                    "GET", "/search/repositories?q=swift&per_page=1",
                    headers: [
                        ("X-Forwarded-For", "198.51.100.1, " + address), ("X-Forwarded-Proto", "https"),
                        ("X-Forwarded-Host", "api.example.org"),
                    ])
            }
            let first = try await search(from: "203.0.113.7")
            #expect(first.status == 200)
            #expect(first.header("Link")?.hasPrefix("<https://api.example.org/search/repositories?") == true)
            let refused = try await search(from: "203.0.113.7")
            #expect(refused.status == 429)
            let error = try SearchHTTPTests.decoder.decode(GitHubError.self, from: Data(refused.body))
            #expect(error.message == "API rate limit exceeded for 203.0.113.7.")
            #expect(try await search(from: "203.0.113.8").status == 200, "another client behind the proxy")
        }
    }

    @Test("untrusted, X-Forwarded-* change nothing")
    func untrusted() async throws {
        let limiter = RateLimiter.standard(overrides: ["search": .init(requests: 1, enforced: true)], now: { 0 })
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies(), rateLimiter: limiter) {
            (client: InProcessApp) async throws in
            let first = try await client.request(
                "GET", "/search/repositories?q=swift&per_page=1",
                headers: [("X-Forwarded-For", "203.0.113.7"), ("X-Forwarded-Host", "api.example.org")])
            #expect(first.header("Link")?.contains("api.example.org") == false)
            let second = try await client.request(
                "GET", "/search/repositories?q=swift", headers: [("X-Forwarded-For", "203.0.113.8")])
            #expect(second.status == 429, "both requests come from the same peer")
        }
    }
}
