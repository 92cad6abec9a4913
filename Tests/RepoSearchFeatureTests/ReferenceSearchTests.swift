import Foundation
import GRDB
import RepoSearchFeature
import Storage
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
            "language:swift license:mit", "user:pointlabs language:go", "NOT language:swift stars:>1000",
            "repo:pointlabs/swift-composable-architecture license:mit", "language:SWIFT License:MIT",
            "archived:false fork:true", "created:2020-01-01", "language:c++", "topic:SwiftUI",
        ] + repositories.prefix(8).map { $0.name.replacingOccurrences(of: "-", with: " ") }
        + owners(2).map { "user:\($0) user:\(owners(2).last ?? "")" }
        + organisations(2).map { "org:\($0) org:\(organisations(2).first ?? "") swift" }

    static func owners(_ count: Int) -> [String] {
        Array(Set(repositories.filter { !$0.owner.isOrganization }.map(\.owner.login)).sorted().prefix(count))
    }

    static func organisations(_ count: Int) -> [String] {
        Array(Set(repositories.filter(\.owner.isOrganization).map(\.owner.login)).sorted().prefix(count))
    }

    @Test("logins, topics and licence keys match whatever their case, in memory and in SQLite")
    func caseInsensitiveValues() async throws {
        let repositories = Self.repositories.map { repository in
            var changed = repository
            if repository.owner.login == "pointlabs" { changed.owner.login = "PointLabs" }
            changed.topics = repository.topics.map { $0 == "swift" ? "Swift" : $0 }
            return changed
        }
        let database = try SQLiteDatabase.open(.memory, migrations: RepoSearchMigrations.all)
        try await database.write { db in try RepoSearchRepository.seed(repositories, into: db) }
        for backend in [RepoSearchRepository.inMemory(repositories), .sqlite(database)] {
            for q in ["user:pointlabs", "org:POINTLABS swift", "topic:swift", "topic:SWIFT -user:pointlabs"] {
                let query = try SearchQueryParser.parse(q)
                let expected = ReferenceSearch.search(query, .bestMatch, in: repositories)
                #expect(!expected.isEmpty, "q=\(q)")
                let page = try await backend.search(query, .bestMatch, 0, repositories.count)
                #expect(page.items.map(\.repository.id) == expected.map(\.repository.id), "q=\(q)")
            }
        }
    }

    @Test("the same matches, order and scores, in three orders")
    func sameAsReference() async throws {
        let documents = Self.repositories.map(ReferenceSearch.Document.init)
        let orders = [
            SearchOrder.bestMatch, SearchOrder(sort: .stars, ascending: true),
            SearchOrder(sort: .updated, ascending: false),
        ]
        for q in Self.queries {
            let query = try SearchQueryParser.parse(q)
            let matches = ReferenceSearch.matches(query, in: documents)
            for order in orders {
                let expected = ReferenceSearch.sorted(matches, order)
                let page = try await Self.index.search(query, order, 0, Self.repositories.count)
                #expect(page.total == expected.count, "q=\(q)")
                #expect(page.items.map(\.repository.id) == expected.map(\.repository.id), "q=\(q) \(order)")
                #expect(page.items.map(\.score) == expected.map(\.score), "q=\(q) scores")
            }
            // Long synchronous work holds one of the few cooperative threads; let other tests run.
            await Task.yield()
        }
    }
}
