import CounterpartTestSupport
import Dependencies
import EventHTTP
import Foundation
import RepoSearchFeature
import Testing

/// A search client's models as written for GitHub's API: snake_case keys, ISO 8601 dates.
struct GitHubSearchResponse: Decodable {
    struct Item: Decodable {
        struct Owner: Decodable {
            let login: String
            let id: Int64
            let avatarUrl: URL
            let type: String
            let siteAdmin: Bool
        }

        struct License: Decodable {
            let key: String
            let name: String
            let spdxId: String?
        }

        let id: Int
        let nodeId: String
        let name: String
        let fullName: String
        let `private`: Bool
        let owner: Owner
        let htmlUrl: URL
        let description: String?
        let fork: Bool
        let url: URL
        let createdAt: Date
        let updatedAt: Date
        let pushedAt: Date
        let homepage: String?
        let size: Int
        let stargazersCount: Int
        let watchersCount: Int
        let language: String?
        let forksCount: Int
        let openIssuesCount: Int
        let license: License?
        let topics: [String]
        let visibility: String
        let defaultBranch: String
        let score: Double
    }

    let totalCount: Int
    let incompleteResults: Bool
    let items: [Item]
}

/// GitHub's error model, as GitHub's SDKs declare it: `status` is a string.
struct GitHubError: Decodable {
    struct Detail: Decodable {
        let resource: String
        let field: String
        let code: String
        let message: String?
    }

    let message: String
    let errors: [Detail]?
    let documentationUrl: String
    let status: String
}

@Suite("GitHub-compatible repository search, in process")
struct SearchHTTPTests {
    static func dependencies() -> DependencyValues {
        var values = DependencyValues._current
        values.repoSearchRepository = .seeded()
        return values
    }

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    @Test("a GitHub client's models decode the answer; the documented example comes first")
    func decodesWithGitHubModels() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies(), publicURL: "http://localhost:8080") {
            (app: InProcessApp) async throws in
            let response = try await app.request(
                "GET",
                "/search/repositories?q=composable+architecture",
                headers: [("Accept", "application/vnd.github+json")]
            )
            #expect(response.status == 200)
            let decoded = try Self.decoder.decode(GitHubSearchResponse.self, from: Data(response.body))
            let first = try #require(decoded.items.first)
            #expect(first.fullName == "pointlabs/swift-composable-architecture")
            #expect(first.nodeId == "MDEwOlJlcG9zaXRvcnkxMDAwMDQy")
            #expect(first.score == 50.915)
            #expect(first.url.absoluteString == "http://localhost:8080/repos/pointlabs/swift-composable-architecture")
            #expect(first.owner.type == "Organization")
            #expect(!decoded.incompleteResults)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let item = try #require((object["items"] as? [[String: Any]])?.first)
            #expect(item.count == 80, "GitHub's 74 required members and 6 optional ones")
        }
    }

    @Test("Link walks to the last page; items stop at result 1,000 while total_count stays true")
    func walkToTheWindow() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies(), publicURL: "http://h") {
            (client: InProcessApp) async throws in
            let first = try await client.request("GET", "/search/repositories?q=stars:>=0&per_page=100")
            let total = try Self.decoder.decode(GitHubSearchResponse.self, from: Data(first.body)).totalCount
            #expect(total > 1_000)
            var link = first.header("Link")
            var pages = 1
            var seen = 100
            while let next = link?.split(separator: ",").first(where: { $0.contains(#"rel="next""#) }) {
                let url = next.drop { $0 != "<" }.dropFirst().prefix { $0 != ">" }
                let page = try await client.request("GET", String(url.dropFirst("http://h".count)))
                #expect(page.status == 200)
                seen += try Self.decoder.decode(GitHubSearchResponse.self, from: Data(page.body)).items.count
                link = page.header("Link")
                pages += 1
                guard pages < 20 else { break }
            }
            #expect(pages == 10)
            #expect(seen == 1_000)
            let cut = try await client.request("GET", "/search/repositories?q=stars:>=0&per_page=30&page=34")
            #expect(try Self.decoder.decode(GitHubSearchResponse.self, from: Data(cut.body)).items.count == 10)
            let beyond = try await client.request("GET", "/search/repositories?q=stars:>=0&per_page=100&page=11")
            #expect(beyond.status == 422)
            #expect(
                try Self.decoder.decode(GitHubError.self, from: Data(beyond.body)).message
                    == "Only the first 1000 search results are available")
        }
    }

    @Test(
        "validation errors decode as GitHub's error model",
        arguments: [
            ("/search/repositories", "q", "missing"), ("/search/repositories?q=+", "q", "missing"),
            ("/search/repositories?q=stars:lots", "q", "invalid"),
            ("/search/repositories?q=x&sort=name", "sort", "invalid"),
            ("/search/repositories?q=x&sort=stars&order=up", "order", "invalid"),
            ("/search/repositories?q=x&per_page=ten", "per_page", "invalid"),
        ])
    func validation(target: String, field: String, code: String) async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (app: InProcessApp) async throws in
            let response = try await app.request("GET", target)
            #expect(response.status == 422)
            let error = try Self.decoder.decode(GitHubError.self, from: Data(response.body))
            #expect(error.message == "Validation Failed")
            #expect(error.errors?.map(\.field) == [field])
            #expect(error.errors?.map(\.code) == [code])
            #expect(error.errors?.map(\.resource) == ["Search"])
        }
    }

    @Test(
        "every Accept gets JSON, as on GitHub",
        arguments: [
            ("application/vnd.github+json", 200), ("application/vnd.github.v3+json", 200),
            ("application/vnd.github.v3.text-match+json", 200), ("application/vnd.github.text-match+json", 200),
            ("application/vnd.github.mercy-preview+json", 200), ("application/json, text/plain, */*", 200),
            ("text/html", 200),
        ])
    func accept(type: String, status: Int) async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (app: InProcessApp) async throws in
            let response = try await app.request(
                "GET", "/search/repositories?q=swift&per_page=1",
                headers: [("Accept", type), ("X-GitHub-Api-Version", "2022-11-28")])
            #expect(response.status == status)
            if status == 200 {
                #expect(response.header("Content-Type") == "application/json; charset=utf-8")
                #expect(try Self.decoder.decode(GitHubSearchResponse.self, from: Data(response.body)).items.count == 1)
            }
        }
    }

    @Test("order is ignored without sort; per_page and page are clamped")
    func lenientParameters() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            #expect(try await client.request("GET", "/search/repositories?q=swift&order=sideways").status == 200)
            let clamped = try await client.request("GET", "/search/repositories?q=stars:>=0&per_page=500&page=0")
            #expect(try Self.decoder.decode(GitHubSearchResponse.self, from: Data(clamped.body)).items.count == 100)
            let one = try await client.request("GET", "/search/repositories?q=stars:>=0&per_page=0")
            #expect(try Self.decoder.decode(GitHubSearchResponse.self, from: Data(one.body)).items.count == 1)
        }
    }

    @Test("every avatar_url answers: an identicon PNG, cacheable for a day")
    func avatars() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let avatar = try await client.request("GET", "/avatars/pointlabs", headers: [("Accept", "image/*")])
            #expect(avatar.status == 200)
            #expect(avatar.header("Content-Type") == "image/png")
            #expect(avatar.header("Cache-Control") == "public, max-age=86400")
            #expect(Array(avatar.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            #expect(try await client.request("GET", "/avatars/someone-else").body != avatar.body)
        }
    }

    @Test("GET /repos/{owner}/{repo} answers the item without score, or GitHub's 404")
    func repository() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let found = try await client.request("GET", "/repos/POINTLABS/swift-composable-architecture")
            #expect(found.status == 200)
            #expect(found.header("ETag") != nil)
            #expect(!found.text.contains("\"score\""))
            let missing = try await client.request("GET", "/repos/nobody/nothing")
            #expect(missing.status == 404)
            #expect(try Self.decoder.decode(GitHubError.self, from: Data(missing.body)).message == "Not Found")
        }
    }
}
