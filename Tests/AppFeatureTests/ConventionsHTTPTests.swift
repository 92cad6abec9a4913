import CounterpartTestSupport
import EventHTTP
import Foundation
import Testing

@Suite("Conventions every route shares, in process")
struct ConventionsHTTPTests {
    @Test("an unacceptable X-Request-Id is replaced by a UUID")
    func requestIDIsSanitized() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request("GET", "/health", headers: [("X-Request-Id", "bad id!")])
            let id = try #require(response.header("X-Request-Id"))
            #expect(UUID(uuidString: id) != nil)
        }
    }

    @Test("GET / lists the service links with the request's Host as base")
    func index() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request("GET", "/", headers: [("Host", "demo.local:9000")])
            #expect(response.status == 200)
            #expect(response.text.contains(#""health":"http://demo.local:9000/health""#))
            #expect(response.text.contains(#""openAPI":"http://demo.local:9000/openapi.json""#))
        }
    }

    @Test("an absolute-form target is routed by its path; its authority, not Host, is the base (RFC 9112 §3.2.2)")
    func absoluteForm() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request(
                "GET", "http://demo.local:9000/", headers: [("Host", "ignored.example")])
            #expect(response.status == 200)
            #expect(response.text.contains(#""health":"http://demo.local:9000/health""#))
        }
    }

    @Test("If-None-Match with the current ETag answers 304 without a body")
    func notModified() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let first = try await client.request("GET", "/health")
            let tag = try #require(first.header("ETag"))
            let second = try await client.request("GET", "/health", headers: [("If-None-Match", "W/\(tag), \"other\"")])
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
            #expect(second.header("ETag") == tag)
        }
    }

    @Test("HEAD answers a GET route's headers, Content-Length included, without a body")
    func head() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let head = try await client.request("HEAD", "/health")
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "15")
            #expect(head.body.isEmpty)
            let next = try await client.request("GET", "/health")
            #expect(next.text == #"{"status":"ok"}"#)
        }
    }

    @Test("OPTIONS answers 204 with Allow; a CORS preflight also gets the Access-Control headers")
    func optionsAndPreflight() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let plain = try await client.request("OPTIONS", "/echo")
            #expect(plain.status == 204)
            #expect(plain.header("Allow") == "POST, OPTIONS")
            #expect(plain.header("Access-Control-Allow-Methods") == nil)
            let preflight = try await client.request(
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
