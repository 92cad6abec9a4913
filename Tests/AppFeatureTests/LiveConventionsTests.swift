import CounterpartTestSupport
import EventHTTP
import Foundation
import Testing

@Suite("Live: conventions every route shares")
struct LiveConventionsTests {
    @Test("GET /health answers on the fast path with the shared headers")
    func healthOnFastPath() async throws {
        try await LiveServer.run { server, port in
            let client = try HTTPClient(port: port)
            let response = try client.request("GET", "/health", headers: [("X-Request-Id", "abc-123")])
            #expect(response.status == 200)
            #expect(response.text == #"{"status":"ok"}"#)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.header("X-Request-Id") == "abc-123")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.header("Server-Timing")?.hasPrefix("app;dur=") == true)
            #expect(response.header("Server-Timing")?.hasSuffix(", repo;dur=0.000") == true, "no effect, no wait")
            #expect(response.header("ETag")?.hasPrefix("\"") == true)
            let statistics = server.statistics()
            #expect(statistics.requests == 1)
            #expect(statistics.fastPathReplies == 1)
        }
    }

    @Test("keep-alive serves many requests over one connection")
    func keepAlive() async throws {
        try await LiveServer.run { server, port in
            let client = try HTTPClient(port: port)
            for _ in 0..<200 {
                let response = try client.request("GET", "/health")
                #expect(response.status == 200)
            }
            #expect(server.statistics().requests == 200)
        }
    }

}
