import AppFeature
import CounterpartTestSupport
import EventHTTP
import Testing

/// The deadlines a slow client meets before any handler runs (#13): a head must arrive within
/// `--header-timeout` and a body within `--request-timeout` of its head, however slowly they trickle.
@Suite("Live: slow clients are cut")
struct SlowClientLiveTests {
    @Test("a body that stops arriving is answered 408 at the request timeout, and the connection closed")
    func bodyTimeout() async throws {
        try await LiveServer.runApp(
            dependencies: RequestCorpusLiveTests.dependencies, configure: { $0.requestTimeout = .milliseconds(300) }
        ) { _, port in
            let client = try HTTPClient(port: port)
            try client.write(Array("POST /todos HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{\"de".utf8))
            let answer = try client.readResponse()
            #expect(answer.status == 408)
            #expect(answer.text.contains("urn:counterpart:problem:request-timeout"))
            #expect(answer.text.contains("--request-timeout"))
            #expect(throws: ClientError.closed) { try client.readResponse() }
        }
    }

    @Test("a head that trickles in is answered 408 at the header timeout; a connection that sends nothing too")
    func headTimeout() async throws {
        try await LiveServer.runApp(
            dependencies: RequestCorpusLiveTests.dependencies, configure: { $0.headerTimeout = .milliseconds(300) }
        ) { _, port in
            let silent = try HTTPClient(port: port)
            let trickling = try HTTPClient(port: port)
            // Each byte would reset an idle timer; the head's deadline still counts from the first.
            // A byte sent after the refusal may fail: that is the point, so it is not an error here.
            for byte in "GET /health HTTP/1.1\r\n".utf8.prefix(3) {
                try? trickling.write([byte])
                try await Task.sleep(for: .milliseconds(50))
            }
            for client in [silent, trickling] {
                let answer = try client.readResponse()
                #expect(answer.status == 408)
                #expect(answer.text.contains("--header-timeout"))
                #expect(throws: ClientError.closed) { try client.readResponse() }
            }
        }
    }

    @Test("a keep-alive connection idle between requests is not cut by the header timeout")
    func idleBetweenRequests() async throws {
        try await LiveServer.runApp(
            dependencies: RequestCorpusLiveTests.dependencies, configure: { $0.headerTimeout = .milliseconds(200) }
        ) { _, port in
            let client = try HTTPClient(port: port)
            #expect(try client.request("GET", "/health").status == 200)
            try await Task.sleep(for: .milliseconds(600))
            #expect(try client.request("GET", "/health").status == 200, "idle time is --idle-timeout's")
        }
    }
}
