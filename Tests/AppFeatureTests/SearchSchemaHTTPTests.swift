import CounterpartTestSupport
import Foundation
import HTTPKit
import RepoSearchFeature
import Testing

/// Answers of `/search/repositories` checked against GitHub's published schema for the endpoint
/// (`GitHubSchema`), over queries that reach every nullable member both ways, every sort and
/// paging, and the 422s.
@Suite("Search answers conform to GitHub's published schema, in process")
struct SearchSchemaHTTPTests {
    static let queries = [
        "swift", "composable architecture", "stars:>=0", "license:mit", "archived:true fork:true", "fork:only",
        "language:go language:rust", "-language:swift topic:cli", "created:2015-01-01..2016-12-31", "user:pointlabs",
        "\"state management\"", "reducers in:readme", "help-wanted-issues:>5", "template:true",
    ]
    static let options = ["", "&sort=stars", "&sort=updated&order=asc", "&sort=forks&per_page=100&page=3"]

    @Test("every item has GitHub's members, types, formats and nullability; nothing undocumented")
    func answersConform() async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) {
            (client: InProcessApp) async throws in
            var items = 0
            var nulls: Set<String> = []
            for q in Self.queries {
                for option in Self.options {
                    let target = "/search/repositories?q=" + Self.encoded(q) + option
                    let response = try await client.request("GET", target)
                    #expect(response.status == 200, "\(target)")
                    let answer = try #require(JSONParser.parse(response.body))
                    let violations = GitHubSchema.searchRepositories.violations(of: answer)
                    #expect(violations.isEmpty, "\(target): \(violations.prefix(5))")
                    guard case .object(let body) = answer, case .array(let found)? = body["items"] else { continue }
                    for case .object(let item) in found {
                        items += 1
                        #expect(GitHubSchema.undocumentedMembers(of: item).isEmpty, "\(target)")
                        nulls.formUnion(item.filter { $0.value == .null }.keys)
                    }
                    // Each request blocks a cooperative thread; let other tests run between them.
                    await Task.yield()
                }
            }
            #expect(items > 1_000)
            #expect(nulls.isSuperset(of: ["description", "homepage", "language", "license", "mirror_url"]))
        }
    }

    @Test("with the text-match type, items carry GitHub's text_matches, whose indices slice the fragment")
    func textMatches() async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) {
            (client: InProcessApp) async throws in
            let target = "/search/repositories?q=swift+kit&per_page=50"
            let response = try await client.request(
                "GET", target, headers: [("Accept", "application/vnd.github.v3.text-match+json")])
            let answer = try #require(JSONParser.parse(response.body))
            #expect(GitHubSchema.searchRepositories.violations(of: answer) == [])
            guard case .object(let body) = answer, case .array(let items)? = body["items"] else {
                Issue.record("no items in \(response.text.prefix(200))")
                return
            }
            var occurrences = 0
            for case .object(let item) in items {
                guard case .array(let matches)? = item["text_matches"], !matches.isEmpty else {
                    Issue.record("an item without text_matches: \(item["full_name"] ?? .null)")
                    continue
                }
                for case .object(let match) in matches {
                    guard case .string(let fragment)? = match["fragment"], case .array(let found)? = match["matches"]
                    else { continue }
                    let utf16 = Array(fragment.utf16)
                    for case .object(let occurrence) in found {
                        guard case .string(let text)? = occurrence["text"],
                            case .array(let indices)? = occurrence["indices"],
                            case .number(let start) = indices.first, case .number(let end) = indices.last,
                            Int(start) >= 0, Int(end) <= utf16.count, start < end
                        else {
                            Issue.record("bad occurrence \(occurrence)")
                            continue
                        }
                        #expect(String(decoding: utf16[Int(start)..<Int(end)], as: UTF16.self) == text)
                        #expect(["swift", "kit"].contains { text.lowercased().hasPrefix($0) })
                        occurrences += 1
                    }
                }
            }
            #expect(occurrences >= items.count)
            let plain = try await client.request("GET", target)
            #expect(!plain.text.contains("text_matches"), "only on request")
            #expect(plain.header("Vary")?.contains("Accept") == true)
            let refused = try await client.request(
                "GET", target, headers: [("Accept", "application/json, application/vnd.github.text-match+json;q=0")])
            #expect(!refused.text.contains("text_matches"), "q=0 refuses the variant")
            let anyCase = try await client.request(
                "GET", target, headers: [("Accept", "application/VND.github.Text-Match+json")])
            #expect(anyCase.text.contains("text_matches"), "media types ignore case")
        }
    }

    @Test("GET /repos/{owner}/{repo} is GitHub's full-repository for forks, licences and their absence")
    func repositoryConforms() async throws {
        let repositories = RepositorySeed.repositories()
        let sample =
            Array(repositories.prefix(20)) + repositories.filter(\.isFork).prefix(5)
            + repositories.filter { $0.license == nil || $0.description == nil || $0.homepage == nil }.prefix(5)
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) {
            (client: InProcessApp) async throws in
            for repository in sample {
                let response = try await client.request("GET", "/repos/" + repository.fullName)
                #expect(response.status == 200)
                let answer = try #require(JSONParser.parse(response.body))
                #expect(GitHubSchema.fullRepository.violations(of: answer) == [], "\(repository.fullName)")
                guard case .object(let object) = answer else { continue }
                #expect(GitHubSchema.undocumentedMembers(of: object, in: GitHubSchema.fullRepository) == [])
            }
        }
    }

    @Test(
        "every 422 is GitHub's validation-error",
        arguments: [
            "", "q=", "q=stars:lots", "q=foo:bar", "q=created:2020-13-01", "q=x&sort=name",
            "q=stars:>=0&per_page=100&page=11",
        ]
    )
    func errorsConform(query: String) async throws {
        try await InProcessApp.run(dependencies: SearchHTTPTests.dependencies()) { (app: InProcessApp) async throws in
            let response = try await app.request("GET", "/search/repositories?" + query)
            #expect(response.status == 422)
            let answer = try #require(JSONParser.parse(response.body))
            #expect(GitHubSchema.validationError.violations(of: answer) == [])
        }
    }

    @Test("the schema check itself rejects what GitHub's schema rejects")
    func schemaCheckFails() throws {
        let valid: JSONValue = .object([
            "total_count": .number(1), "incomplete_results": .bool(false), "items": .array([]),
        ])
        #expect(GitHubSchema.searchRepositories.violations(of: valid) == [])
        let broken: JSONValue = .object([
            "total_count": .number(1.5), "incomplete_results": .bool(false),
            "items": .array([.object(["created_at": .string("yesterday"), "pushed_at": .null])]),
        ])
        let violations = GitHubSchema.searchRepositories.violations(of: broken)
        #expect(violations.contains("$.total_count: expected an integer, found a number"))
        #expect(violations.contains("$.items[0].owner: missing"))
        #expect(violations.contains(#"$.items[0].created_at: "yesterday" is not a RFC 3339 date-time"#))
        #expect(violations.contains("$.items[0].pushed_at: expected a string, found null"))
    }

    static func encoded(_ q: String) -> String {
        q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
    }
}
