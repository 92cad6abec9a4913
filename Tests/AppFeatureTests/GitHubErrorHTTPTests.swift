import AppFeature
import CounterpartTestSupport
import EventHTTP
import Foundation
import HTTPKit
import HTTPTypes
import RepoSearchFeature
import Testing

/// api.md §3.5: every error on `/search/*`, `/repos/*` and `/avatars/*` — the feature's own and the
/// shared pipeline's — is GitHub's envelope as `application/json`, so GitHub clients (Octokit reads a
/// body only when it is `application/json`; GitHub's models decode `status` as a string) see it.
@Suite("GitHub's error envelope on every GitHub-compatible answer, in process")
struct GitHubErrorHTTPTests {
    @Test(
        "errors are application/json with message, documentation_url, a string status and nothing else",
        arguments: [
            ("GET", "/search/repositories", 422, "Validation Failed"),
            ("GET", "/search/repositories?q=stars:lots", 422, "Validation Failed"),
            (
                "GET", "/search/repositories?q=x&per_page=100&page=11", 422,
                "Only the first 1000 search results are available"
            ),
            ("GET", "/repos/nobody/nothing", 404, "Not Found"),
            ("GET", "/search/code?q=x", 404, "Not Found"),
            ("GET", "/repos/only-owner", 404, "Not Found"),
            ("POST", "/search/repositories?q=x", 405, "Method Not Allowed"),
            ("DELETE", "/avatars/someone", 405, "Method Not Allowed"),
        ] as [(String, String, Int, String)]
    )
    func envelope(method: String, target: String, status: Int, message: String) async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) { (app: InProcessApp) async throws in
            let response = try await app.request(method, target)
            #expect(response.status == status)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let body = try #require(JSONParser.parse(response.body))
            #expect(GitHubSchema.errorEnvelope.violations(of: body) == [])
            guard case .object(let object) = body else { return }
            #expect(GitHubSchema.undocumentedEnvelopeMembers(of: object) == [])
            #expect(object["status"] == .string(String(status)))
            #expect(object["message"] == .string(message))
            #expect(object["documentation_url"] == .string(SearchError.documentation))
            #expect(object["instance"] == .string("urn:uuid:" + (response.header("X-Request-Id") ?? "")))
            let error = try SearchHTTPTests.decoder.decode(GitHubError.self, from: Data(response.body))
            #expect(error.status == String(status))
        }
    }

    @Test("a missing q is GitHub's exact answer; a bad term adds GitHub's per-error message")
    func validationItems() async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) {
            (client: InProcessApp) async throws in
            let missing = try await client.request("GET", "/search/repositories", headers: [("X-Request-Id", "r1")])
            #expect(
                missing.text == #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","#
                    + #""code":"missing"}],"documentation_url":"https://docs.github.com/rest/search/search"#
                    + #"#search-repositories","status":"422","instance":"urn:counterpart:request:r1"}"#
            )
            let invalid = try await client.request("GET", "/search/repositories?q=stars:lots")
            let error = try SearchHTTPTests.decoder.decode(GitHubError.self, from: Data(invalid.body))
            #expect(error.errors?.first?.message?.contains("stars:lots") == true)
        }
    }

    @Test("a search cut off by its deadline answers 503 in the envelope, timed as it waited")
    func deadline() async throws {
        try await InProcessApp.run(
            dependencies: SearchHTTPTests.dependencies(), dev: true, controls: DemoFixtures.controls(),
            configure: { $0.requestTimeout = .seconds(1) }
        ) { (client: InProcessApp) async throws in
            let hung = try await client.request("GET", "/search/repositories?q=x", headers: [("Prefer", "fault=hang")])
            #expect(hung.status == 503)
            #expect(hung.header("Content-Type") == "application/json; charset=utf-8")
            let body = try #require(JSONParser.parse(hung.body))
            #expect(GitHubSchema.errorEnvelope.violations(of: body) == [])
            let timing = ServerTimingMetrics(hung.header("Server-Timing"))
            // Half the deadline: libevent arms it from the time its loop's turn began, so on a busy
            // machine it can fire well before a second has passed by the request's own clock.
            #expect((timing.app ?? 0) >= 500, "\(timing)")
        }
    }

    @Test("the HTTP layer's 503s (deadline, overload, shutdown) on GitHub routes use the envelope too")
    func unavailable() throws {
        let handler = App.handler(settings: AppSettings(), dependencies: SearchHTTPTests.dependencies())
        let search = ServerRequest(method: .get, target: "/search/repositories?q=x")
        for reason in [CancellationReason.deadline, .overload, .shutdown] {
            let response = handler.unavailableResponse(to: search, reason: reason)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let body = try #require(JSONParser.parse(response.body.bytes))
            #expect(GitHubSchema.errorEnvelope.violations(of: body) == [])
            guard case .object(let object) = body else { continue }
            #expect(object["status"] == .string("503"))
        }
        let draining = handler.drainingResponse(to: search)
        #expect(draining.headers[.contentType] == "application/json; charset=utf-8")
        let todos = handler.unavailableResponse(to: ServerRequest(method: .get, target: "/todos"), reason: .deadline)
        #expect(todos.headers[.contentType] == "application/problem+json")
    }

    @Test("the rest of the app keeps RFC 9457 problem+json")
    func otherRoutes() async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) {
            (client: InProcessApp) async throws in
            for target in ["/search", "/nope", "/todos/x/y", "/reposx/a/b"] {
                let response = try await client.request("GET", target)
                #expect(response.status == 404, "\(target)")
                #expect(response.header("Content-Type") == "application/problem+json", "\(target)")
            }
        }
    }

    @Test("GitHub-compatible routes answer whatever Accept says, as GitHub does")
    func anyAccept() async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) {
            (client: InProcessApp) async throws in
            let search = try await client.request(
                "GET", "/search/repositories?q=swift", headers: [("Accept", "text/html")])
            #expect(search.status == 200)
            #expect(search.header("Content-Type") == "application/json; charset=utf-8")
            let avatar = try await client.request(
                "GET", "/avatars/pointlabs", headers: [("Accept", "application/json")])
            #expect(avatar.status == 200)
            #expect(avatar.header("Content-Type") == "image/png")
            let repository = try await client.request(
                "GET", "/repos/nobody/nothing", headers: [("Accept", "application/xml")])
            #expect(repository.status == 404)
            #expect(repository.header("Content-Type") == "application/json; charset=utf-8")
        }
    }

    @Test(
        "Octokit's text-match type without +json carries text_matches",
        arguments: ["application/vnd.github.v3.text-match", "application/vnd.github.text-match"]
    )
    func textMatchWithoutSuffix(accept: String) async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) { (app: InProcessApp) async throws in
            let response = try await app.request(
                "GET", "/search/repositories?q=composable&per_page=1", headers: [("Accept", accept)])
            #expect(response.status == 200)
            #expect(response.text.contains(#""text_matches":[{"#))
        }
    }

    @Test("a whole-number score is written with a fraction, as GitHub writes it")
    func wholeScore() async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) { (app: InProcessApp) async throws in
            // A qualifier-only query scores 1 + log10(1 + stars): exactly 1 for a repository with none.
            let response = try await app.request("GET", "/search/repositories?q=stars:0&per_page=1")
            #expect(response.status == 200)
            #expect(response.text.hasSuffix(#""score":1.0}]}"#))
        }
    }
}
