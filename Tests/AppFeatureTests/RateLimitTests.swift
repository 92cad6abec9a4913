import HTTPKit
import AppFeature
import CounterpartTestSupport
import EventHTTP
import Foundation
import Synchronization
import Testing

/// A settable Unix clock.
final class ManualUnixClock: Sendable {
    private let seconds = Atomic<Int64>(1_767_225_600)
    var now: @Sendable () -> Int64 { { self.current } }
    var current: Int64 { seconds.load(ordering: .relaxed) }
    func advance(by delta: Int64) { seconds.add(delta, ordering: .relaxed) }
}

@Suite("Rate limits")
struct RateLimitTests {
    @Test("a window starts with the first counted request and resets after 60 seconds")
    func windows() {
        let clock = ManualUnixClock()
        let limiter = RateLimiter(limits: ["search": .init(requests: 2, enforced: true)], now: clock.now)
        #expect(limiter.window(for: "search", client: "a")?.used == 0)
        #expect(limiter.record("search", client: "a")?.remaining == 1)
        clock.advance(by: 30)
        let second = limiter.record("search", client: "a")
        #expect(second?.remaining == 0)
        #expect(second?.reset == 1_767_225_660)
        #expect(limiter.record("search", client: "b")?.used == 1, "clients are counted apart")
        if let second { #expect(limiter.secondsUntilReset(of: second) == 30) }
        clock.advance(by: 30)
        #expect(limiter.window(for: "search", client: "a")?.used == 0)
        #expect(limiter.record("todos", client: "a") == nil, "unlimited resources are not counted")
    }

    @Test("--rate-limit search=2/min: the third search is 429 with Retry-After; 304s do not count")
    func enforced() async throws {
        let clock = ManualUnixClock()
        let limiter = RateLimiter.standard(overrides: ["search": .init(requests: 2, enforced: true)], now: clock.now)
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies(), rateLimiter: limiter) {
            (client: InProcessApp) async throws in
            let first = try await client.request("GET", "/search/repositories?q=swift&per_page=1")
            #expect(first.header("X-RateLimit-Remaining") == "1")
            #expect(first.header("X-RateLimit-Resource") == "search")
            let tag = try #require(first.header("ETag"))
            let cached = try await client.request(
                "GET", "/search/repositories?q=swift&per_page=1", headers: [("If-None-Match", tag)])
            #expect(cached.status == 304)
            #expect(cached.header("X-RateLimit-Remaining") == "1", "a 304 is not counted")
            #expect(try await client.request("GET", "/search/repositories?q=go").header("X-RateLimit-Remaining") == "0")
            let refused = try await client.request("GET", "/search/repositories?q=rust")
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "60")
            let error = try SearchHTTPTests.decoder.decode(GitHubError.self, from: Data(refused.body))
            #expect(error.message == "API rate limit exceeded for 127.0.0.1.")
            #expect(try await client.request("GET", "/avatars/x").status == 200, "other routes are not limited")
            clock.advance(by: 60)
            #expect(try await client.request("GET", "/search/repositories?q=rust").status == 200)
        }
    }

    @Test("by default searches are counted and reported (30 a minute) but never refused")
    func reportedOnly() async throws {
        // A clock that stands still: on a loaded machine 32 requests can outlast a real window.
        let limiter = RateLimiter.standard(now: { 0 })
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies(), rateLimiter: limiter) {
            (client: InProcessApp) async throws in
            for _ in 0..<31 {
                #expect(try await client.request("GET", "/search/repositories?q=swift&per_page=1").status == 200)
            }
            let last = try await client.request("GET", "/search/repositories?q=swift&per_page=1")
            #expect(last.status == 200)
            #expect(last.header("X-RateLimit-Limit") == "30")
            #expect(last.header("X-RateLimit-Remaining") == "0")
            #expect(last.header("X-RateLimit-Used") == "32")
        }
    }
}
