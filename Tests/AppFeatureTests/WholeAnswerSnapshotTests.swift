import CounterpartTestSupport
import Foundation
import RepoSearchFeature
import SnapshotTesting
import Testing

/// Answers a client developer reads whole — status line, every header, body — recorded under
/// `__Snapshots__/`, so a change to any part of one shows in review as a diff of what clients see.
/// Served in process: the bytes are the ones a connection writes.
@Suite("Whole answers, as a client reads them")
struct WholeAnswerSnapshotTests {
    private static let json = [("Content-Type", "application/json")]

    /// Serves the seeded todos and the seeded search index, and returns each answer to `requests`
    /// by its name.
    private func answers(
        _ requests: [(name: String, method: String, target: String, body: String?)]
    ) async throws -> [(name: String, text: String)] {
        var dependencies = TodosHTTPTests.dependencies()
        dependencies.repoSearchRepository = .seeded()
        var answers: [(name: String, text: String)] = []
        try await InProcessApp.run(dependencies: dependencies) { (client: InProcessApp) async throws in
            for request in requests {
                let answer = try await client.request(
                    request.method, request.target, headers: request.body == nil ? [] : Self.json,
                    body: Array((request.body ?? "").utf8))
                answers.append((request.name, answer.wholeWithPerRequestValuesMasked))
            }
        }
        return answers
    }

    @Test("a todo, one that is not there, one refused, and a HEAD")
    func todos() async throws {
        for answer in try await answers([
            ("todo", "GET", "/todos/deadbeef-dead-beef-dead-beefdeadbeef", nil),
            ("missing-todo", "GET", "/todos/00000000-0000-4000-8000-000000000000", nil),
            ("invalid-todo", "POST", "/todos", #"{"description":5}"#),
            ("todo-head", "HEAD", "/todos/deadbeef-dead-beef-dead-beefdeadbeef", nil),
        ]) {
            assertSnapshot(of: answer.text, as: .lines, named: answer.name)
        }
    }

    @Test("GitHub's answers: a search, and the validation error of a search without q")
    func search() async throws {
        for answer in try await answers([
            ("search", "GET", "/search/repositories?q=swift+language:swift&per_page=1", nil),
            ("search-without-q", "GET", "/search/repositories", nil),
        ]) {
            assertSnapshot(of: answer.text, as: .lines, named: answer.name)
        }
    }
}

extension ClientResponse {
    /// The answer as text, with what differs on every request masked: `Date`, the request id
    /// (wherever it appears), the timings and when a rate-limit window resets.
    var wholeWithPerRequestValuesMasked: String {
        let masked: Set<String> = ["date", "x-request-id", "server-timing", "x-ratelimit-reset"]
        var lines = ["\(status) \(reason)"]
        for (name, value) in headers { lines.append("\(name): \(masked.contains(name.lowercased()) ? "…" : value)") }
        var body = text
        if let id = header("X-Request-Id") { body = body.replacingOccurrences(of: id, with: "…") }
        return (lines + ["", body]).joined(separator: "\n")
    }
}
