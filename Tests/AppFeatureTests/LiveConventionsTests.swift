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

    @Test("an unacceptable X-Request-Id is replaced by a UUID")
    func requestIDIsSanitized() async throws {
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request("GET", "/health", headers: [("X-Request-Id", "bad id!")])
            let id = try #require(response.header("X-Request-Id"))
            #expect(UUID(uuidString: id) != nil)
        }
    }

    @Test("GET / lists the service links with the request's Host as base")
    func index() async throws {
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request("GET", "/", headers: [("Host", "demo.local:9000")])
            #expect(response.status == 200)
            #expect(response.text.contains(#""health":"http://demo.local:9000/health""#))
            #expect(response.text.contains(#""openAPI":"http://demo.local:9000/openapi.json""#))
        }
    }

    @Test("an absolute-form target is routed by its path; its authority, not Host, is the base (RFC 9112 §3.2.2)")
    func absoluteForm() async throws {
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request(
                "GET", "http://demo.local:9000/", headers: [("Host", "ignored.example")])
            #expect(response.status == 200)
            #expect(response.text.contains(#""health":"http://demo.local:9000/health""#))
        }
    }

    @Test("If-None-Match with the current ETag answers 304 without a body")
    func notModified() async throws {
        try await LiveServer.run { _, port in
            let client = try HTTPClient(port: port)
            let first = try client.request("GET", "/health")
            let tag = try #require(first.header("ETag"))
            let second = try client.request("GET", "/health", headers: [("If-None-Match", "W/\(tag), \"other\"")])
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
            #expect(second.header("ETag") == tag)
        }
    }

    @Test("HEAD answers a GET route's headers, Content-Length included, without a body")
    func head() async throws {
        try await LiveServer.run { _, port in
            let client = try HTTPClient(port: port)
            let head = try client.request("HEAD", "/health")
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "15")
            #expect(head.body.isEmpty)
            let next = try client.request("GET", "/health")
            #expect(next.text == #"{"status":"ok"}"#)
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

    @Test("OPTIONS answers 204 with Allow; a CORS preflight also gets the Access-Control headers")
    func optionsAndPreflight() async throws {
        try await LiveServer.run { _, port in
            let client = try HTTPClient(port: port)
            let plain = try client.request("OPTIONS", "/echo")
            #expect(plain.status == 204)
            #expect(plain.header("Allow") == "POST, OPTIONS")
            #expect(plain.header("Access-Control-Allow-Methods") == nil)
            let preflight = try client.request(
                "OPTIONS",
                "/echo",
                headers: [
                    ("Origin", "http://app.local"), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "content-type, idempotency-key"),
                ]
            )
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
            #expect(preflight.header("Access-Control-Allow-Headers") == "content-type, idempotency-key")
            #expect(preflight.header("Access-Control-Max-Age") == "600")
        }
    }
}
