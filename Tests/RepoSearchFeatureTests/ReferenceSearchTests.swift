import Foundation
import RepoSearchFeature
import Testing

/// The index's matcher against `ReferenceSearch`, api.md written plainly: same results, same
/// order, same scores, for queries that exercise every qualifier, negation, OR group and field.
@Suite("Search against the plain reference")
struct ReferenceSearchTests {
    static let repositories = RepositorySeed.repositories()
    static let index = RepoSearchRepository.inMemory(repositories)
    static let queries =
        RepoSearchContractTests.queries + [
            "swift", "sw", "swi", "composable architecture", "\"swift composable\"", "kit in:topics,name",
            "architecture in:description", "NOT swift", "-topic:ios topic:swift",
            "repo:pointlabs/swift-composable-architecture",
            "repo:pointlabs/swift-composable-architecture repo:nobody/nothing",
            "-repo:pointlabs/swift-composable-architecture tca",
            "license:mit license:apache-2.0", "-license:mit stars:>5000", "user:pointlabs -org:pointlabs",
            "language:nosuch",
            "-language:nosuch fork:only", "mirror:false template:false", "mirror:true", "is:private", "topics:0",
            "forks:*..3 size:1000..*", "created:>=2024-01-01T12:00:00Z", "pushed:*..2019-12-31", "stars:0",
            "help-wanted-issues:1..* good-first-issues:*..0", "swift ui", "ui", "a", "the",
            "swift composable architecture", "swift-composable-architecture", "size:<100", "forks:2",
        ] + repositories.prefix(8).map { $0.name.replacingOccurrences(of: "-", with: " ") }

    @Test(
        "the same matches, order and scores",
        arguments: [
            SearchOrder.bestMatch, SearchOrder(sort: .stars, ascending: true),
            SearchOrder(sort: .updated, ascending: false),
        ])
    func sameAsReference(order: SearchOrder) async throws {
        for q in Self.queries {
            let query = try SearchQueryParser.parse(q)
            let expected = ReferenceSearch.search(query, order, in: Self.repositories)
            let page = try await Self.index.search(query, order, 0, Self.repositories.count)
            #expect(page.total == expected.count, "q=\(q)")
            #expect(page.items.map(\.repository.id) == expected.map(\.repository.id), "q=\(q) order")
            #expect(page.items.map(\.score) == expected.map(\.score), "q=\(q) scores")
        }
    }
}
