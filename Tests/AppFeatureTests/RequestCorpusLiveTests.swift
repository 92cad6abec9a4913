import AppFeature
import CounterpartTestSupport
import Dependencies
import EventHTTP
import Testing
import TodosFeature

/// #13's corpus against the real server: every case gets its statuses, and the request sent right
/// behind it is answered only when the case keeps the connection — so nothing after a refused
/// request is ever read as a request, and a sound one's body was read to its exact end.
@Suite("Live: a raw request corpus — strict HTTP/1.1 framing")
struct RequestCorpusLiveTests {
    /// A request that must never be answered after a refusal, whichever framing a reader believed.
    static let followUp = Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8)

    static var dependencies: DependencyValues {
        var values = DependencyValues._current
        values.todoRepository = .inMemory(seed: TodosSeed.demo)
        return values
    }

    @Test("the corpus has at least 200 cases")
    func size() {
        #expect(RequestCorpus.all.count >= 200, "\(RequestCorpus.all.count) cases")
    }

    @Test("every case gets its statuses; a refusal ends the connection before the request behind it")
    func corpus() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies) { server, port in
            for item in RequestCorpus.all {
                do {
                    try Self.check(item, port: port)
                } catch {
                    Issue.record("\(item): \(error)")
                }
            }
            let refusals = RequestCorpus.all.filter(\.isRefused).count
            #expect(server.statistics().refusals == refusals, "every refusal is counted (/metrics: rejected, refused)")
        }
    }

    private static func check(_ item: CorpusCase, port: Int) throws {
        let client = try HTTPClient(port: port)
        try client.write(item.bytes + followUp)
        for (index, status) in item.statuses.enumerated() {
            let answer = try client.readResponse(expectBody: !(item.isHead && index == 0))
            #expect(answer.status == status, "\(item): answer \(index + 1)")
            if status >= 400, status != 405 {
                #expect(answer.header("Content-Type")?.contains("json") == true, "\(item): a problem")
            }
        }
        if item.closes {
            #expect(throws: ClientError.closed, "\(item): nothing after it is a request") {
                try client.readResponse()
            }
        } else {
            #expect(try client.readResponse().status == 200, "\(item): the request behind it")
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

    @Test("a refusal is a problem naming the rule, with Connection: close and a Date")
    func refusalShape() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies) { _, port in
            let client = try HTTPClient(port: port)
            try client.write(Array("BREW /todos HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let answer = try client.readResponse()
            #expect(answer.status == 501)
            #expect(answer.header("Connection") == "close")
            #expect(answer.header("Date")?.hasSuffix(" GMT") == true)
            #expect(answer.header("X-Request-Id") != nil)
            #expect(answer.text.contains(#""type":"urn:counterpart:problem:not-implemented""#))
            #expect(answer.text.contains("BREW"))
        }
    }
}
