import HTTPKit
import RepoSearchFeature
import Testing

@Suite("Search matching, score and order")
struct SearchEngineTests {
    static let repositories = RepositorySeed.repositories()
    static let index = RepoSearchRepository.inMemory(repositories)

    func search(_ q: String, _ order: SearchOrder = .bestMatch, offset: Int = 0, limit: Int = 100) async throws
        -> SearchPage
    {
        try await Self.index.search(try SearchQueryParser.parse(q), order, offset, limit)
    }

    @Test("the seed is deterministic and matches api.md's shape")
    func seed() {
        #expect(RepositorySeed.repositories() == Self.repositories)
        #expect(Self.repositories.count == 5_000)
        #expect(Set(Self.repositories.map(\.owner)).count <= 400)
        let stars = Self.repositories.map(\.stars).sorted()
        #expect((10...60).contains(stars[stars.count / 2]), "median stars ≈ 30, got \(stars[stars.count / 2])")
        #expect(stars.last ?? 0 > 50_000)
        let swift = Self.repositories.filter { $0.language == "Swift" }.count
        #expect((1_250...1_750).contains(swift))
        #expect(Set(Self.repositories.map(\.fullName)).count == 5_000)
    }

    @Test("api.md's example: composable architecture scores 50.915 on pointlabs/swift-composable-architecture")
    func documentedScore() async throws {
        let page = try await search("composable architecture")
        let example = try #require(page.items.first)
        #expect(example.repository.fullName == "pointlabs/swift-composable-architecture")
        #expect(example.repository.owner.id == 10_007)
        #expect(example.score == 50.915)
    }

    @Test("best match orders by score, then stars, then id")
    func bestMatchOrder() async throws {
        let items = try await search("swift").items
        for (a, b) in zip(items, items.dropFirst()) {
            #expect(
                a.score > b.score
                    || (a.score == b.score
                        && (a.repository.stars, -a.repository.id) >= (b.repository.stars, -b.repository.id))
            )
        }
    }

    @Test("sort and order, ties by id", arguments: [SearchOrder.SortKey.stars, .forks, .helpWantedIssues, .updated])
    func sorted(key: SearchOrder.SortKey) async throws {
        let ascending = try await search("stars:>=0", SearchOrder(sort: key, ascending: true)).items
        #expect(ascending.count == 100)
        let descending = try await search("stars:>=0", SearchOrder(sort: key, ascending: false)).items
        #expect(ascending.first?.repository.id != descending.first?.repository.id)
    }

    @Test("forks are excluded unless asked for")
    func forks() async throws {
        let plain = try await search("stars:>=0", limit: 0).total
        let withForks = try await search("stars:>=0 fork:true", limit: 0).total
        let onlyForks = try await search("stars:>=0 fork:only", limit: 0).total
        #expect(plain + onlyForks == withForks)
        #expect(onlyForks > 0)
        #expect(plain > 1_000, "broad queries exceed the 1,000 window")
    }

    @Test(
        "qualifiers filter what they name",
        arguments: [
            "language:swift", "license:mit", "topic:swift", "archived:true", "template:true", "stars:100..200",
            "created:<2015-01-01", "pushed:>=2025-01-01", "-language:swift", "user:pointlabs", "org:pointlabs",
        ])
    func qualifierFilters(q: String) async throws {
        let query = try SearchQueryParser.parse(q)
        let page = try await Self.index.search(query, .bestMatch, 0, 5_000)
        #expect(page.total > 0, "\(q) matches something in the seed")
        let expected = Self.repositories.filter { repository in
            !repository.isFork
                && {
                    switch q {
                    case "language:swift": repository.language == "Swift"
                    case "license:mit": repository.license?.key == "mit"
                    case "topic:swift": repository.topics.contains("swift")
                    case "archived:true": repository.isArchived
                    case "template:true": repository.isTemplate
                    case "stars:100..200": (100...200).contains(repository.stars)
                    case "created:<2015-01-01": repository.createdAt.secondsSince1970 < 1_420_070_400
                    case "pushed:>=2025-01-01": repository.pushedAt.secondsSince1970 >= 1_735_689_600
                    case "-language:swift": repository.language != "Swift"
                    default: repository.owner.login == "pointlabs"
                    }
                }()
        }
        #expect(page.total == expected.count)
    }

    @Test(
        "a keyword of three or more characters also matches the tokens it begins; a shorter one only itself",
        arguments: ["swi", "arch", "compos", "kit", "ui", "js", "zzzz"])
    func prefixes(keyword: String) async throws {
        func tokens(_ text: String) -> [String] {
            text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        }
        let expected = Self.repositories.filter { repository in
            let words =
                tokens(repository.name) + tokens(repository.description ?? "") + repository.topics.flatMap(tokens)
            return !repository.isFork
                && words.contains { keyword.count >= 3 ? $0.hasPrefix(keyword) : $0 == keyword }
        }
        #expect(try await search(keyword, limit: 0).total == expected.count)
    }

    @Test("NOT excludes a keyword; in:readme searches the README only")
    func notAndIn() async throws {
        let all = try await search("swift", limit: 0).total
        let withoutUI = try await search("swift NOT swiftui", limit: 0).total
        #expect(withoutUI < all)
        let readme = try await search("reducers in:readme")
        #expect(readme.items.map(\.repository.fullName) == ["pointlabs/swift-composable-architecture"])
    }
}
