import AppFeature
import CounterpartTestSupport
import Dependencies
import Testing
import TodosFeature

/// Requests whose headers disagree about their own framing (#13): each is answered 400 and its
/// connection closed, so the request smuggled behind it is never answered; the same request framed
/// correctly keeps the connection, and the pipelined request after it is answered. Some of them
/// evhttp refuses itself (a Content-Length that is not a number: its bare 400); the rest reach
/// `FramingCheck`, whose 400 is a problem in the route's format.
@Suite("Live: framing — what evhttp accepts but RFC 9112 forbids")
struct FramingLiveTests {
    static let doubtful: [String] = [
        "Content-Length: 0\r\nContent-Length: 5",
        "Content-Length: 5\r\nContent-Length: 0",
        "Content-Length: +5",
        "Content-Length: 5, 5",
        "Content-Length: 0x5",
        "Transfer-Encoding: xchunked",
        "Transfer-Encoding: chunked, identity",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked",
        "Transfer-Encoding: chunked\r\nContent-Length: 5",
        "Host: a.example",
        "Foo Bar: x",
        "Foo\u{1}: x",
        "Fo(o: x",
    ]

    /// Refused by evhttp itself before Counterpart sees them (it answers 413 or closes): the
    /// connection still ends, and nothing after the request is read.
    static let refusedByEvhttp = ["Transfer-Encoding: gzip, chunked", "Transfer-Encoding: identity"]

    static var dependencies: DependencyValues {
        var values = DependencyValues._current
        values.todoRepository = .inMemory(seed: TodosSeed.demo)
        return values
    }

    /// Every doubtful header set on GET and POST, to a JSON route and a GitHub-compatible one.
    static var cases: [(method: String, path: String, headers: String)] {
        doubtful.flatMap { headers in
            ["GET", "POST"].flatMap { method in
                ["/todos", "/search/repositories?q=x"].map { (method, $0, headers) }
            }
        }
    }

    @Test("each doubtful request is 400 with Connection: close, and what follows it is never read")
    func doubtfulFraming() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies) { _, port in
            for (method, path, headers) in Self.cases {
                let client = try HTTPClient(port: port)
                let request = "\(method) \(path) HTTP/1.1\r\nHost: x\r\n\(headers)\r\n\r\n"
                try client.write(Array((request + Self.smuggled).utf8))
                let answer = try client.readResponse()
                #expect(answer.status == 400, "\(method) \(path) with \(headers.debugDescription)")
                #expect(answer.header("Connection") == "close", "\(headers.debugDescription)")
                #expect(throws: ClientError.closed, "\(headers.debugDescription): nothing after it is a request") {
                    try client.readResponse()
                }
            }
        }
    }

    @Test("what evhttp refuses itself still ends the connection before the smuggled request")
    func refusedByEvhttp() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies) { _, port in
            for headers in Self.refusedByEvhttp {
                let client = try HTTPClient(port: port, timeout: .seconds(2))
                try client.write(Array("POST /todos HTTP/1.1\r\nHost: x\r\n\(headers)\r\n\r\n\(Self.smuggled)".utf8))
                var statuses: [Int] = []
                while let answer = try? client.readResponse() { statuses.append(answer.status) }
                #expect(statuses.count <= 1 && statuses.allSatisfy { $0 >= 400 }, "\(headers): \(statuses)")
            }
        }
    }

    /// Right after the headers: a request that must never be answered, whichever `Content-Length`
    /// a reader believes (the first `0` makes it the next request, as in #13's report).
    static let smuggled = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test("the same requests framed correctly keep the connection; the pipelined one is answered")
    func soundFraming() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies) { _, port in
            for headers in [
                "Content-Length: 5", "Content-Length: 5\r\nContent-Length: 5", "Transfer-Encoding: chunked",
            ] {
                let client = try HTTPClient(port: port)
                let body = headers.hasPrefix("Transfer") ? "5\r\nhello\r\n0\r\n\r\n" : "hello"
                let request = "GET /health HTTP/1.1\r\nHost: x\r\n\(headers)\r\n\r\n\(body)"
                try client.write(Array((request + "GET /health HTTP/1.1\r\nHost: x\r\n\r\n").utf8))
                #expect(try client.readResponse().status == 200, "\(headers.debugDescription)")
                #expect(try client.readResponse().status == 200, "\(headers.debugDescription): the next request")
            }
        }
    }

    @Test("a GitHub-compatible route answers the 400 in GitHub's envelope")
    func githubEnvelope() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies) { _, port in
            let client = try HTTPClient(port: port)
            try client.write(Array("GET /search/repositories?q=x HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n".utf8))
            let answer = try client.readResponse()
            #expect(answer.status == 400)
            #expect(answer.text.contains(#""message":"Bad Request","documentation_url""#))
        }
    }
}
