import CounterpartTestSupport
import Foundation
import GRDB
import RepoSearchFeature
import Storage
import Testing

#if PostgreSQL
import PostgresStorage
import RepoSearchPostgres
#endif

/// Every search backend, each loaded with the same seeded repositories.
enum SearchBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory, sqliteMemory, sqliteFile
    #if PostgreSQL
    case postgres
    #endif

    var description: String { rawValue }

    func make() async throws -> RepoSearchRepository {
        let repositories = RepositorySeed.repositories()
        switch self {
        case .inMemory:
            return .inMemory(repositories)
        case .sqliteMemory, .sqliteFile:
            let location: DatabaseLocation
            if self == .sqliteMemory {
                location = .memory
            } else {
                let directory = try temporaryDirectory()
                location = .sqliteFile(path: directory.appendingPathComponent("search.sqlite").path)
            }
            let database = try SQLiteDatabase.open(location, migrations: RepoSearchMigrations.all)
            try await database.write { db in try RepoSearchRepository.seed(repositories, into: db) }
            return .sqlite(database)
        #if PostgreSQL
        case .postgres:
            let backend = try await TestPostgres.migratedBackend(RepoSearchMigrations.postgres)
            try await backend.transaction { try await RepoSearchRepository.seed(repositories, on: $0) }
            return .postgres(backend)
        #endif
        }
    }
}

/// The contract every search backend keeps: the same results, scores and pages for the same query.
@Suite("RepoSearchRepository contract")
struct RepoSearchContractTests {
    static let queries = [
        "composable architecture", "swift", "sw", "swift NOT ui", "\"state management\"", "kit in:name",
        "reducers in:readme", "language:swift stars:>1000", "language:go language:rust", "-language:swift topic:cli",
        "stars:>=0", "stars:10..100 forks:<5", "created:2015-01-01..2016-12-31", "pushed:>2025-06-01",
        "archived:true", "fork:only", "fork:true swift", "user:pointlabs", "org:pointlabs", "license:mit size:<1000",
        "topics:>=4", "help-wanted-issues:>5", "good-first-issues:1..3", "template:true", "is:public json",
        "language:swift stars:>100 topic:ios", "topic:ios topic:swift", "topic:ml -topic:swift", "topic:no-such-topic",
        "user:pointlabs swift", "user:pointlabs org:pointlabs", "swift user:nobody", "-user:pointlabs composable",
        "language:swift language:kotlin topic:android", "-topic:ios stars:>1000",
    ]

    @Test("every backend returns the reference backend's page, total and scores", arguments: SearchBackend.allCases)
    func samePages(backend: SearchBackend) async throws {
        let repository = try await backend.make()
        let reference = RepoSearchRepository.inMemory(RepositorySeed.repositories())
        for q in Self.queries {
            let query = try SearchQueryParser.parse(q)
            for order in [
                SearchOrder.bestMatch, SearchOrder(sort: .stars, ascending: true),
                SearchOrder(sort: .updated, ascending: false),
            ] {
                let expected = try await reference.search(query, order, 30, 30)
                let actual = try await repository.search(query, order, 30, 30)
                #expect(actual == expected, "\(backend) differs for q=\(q) order=\(order)")
            }
        }
    }

    @Test("repository lookups ignore case and throw notFound", arguments: SearchBackend.allCases)
    func lookups(backend: SearchBackend) async throws {
        let repository = try await backend.make()
        let found = try await repository.repository("PointLabs", "Swift-Composable-Architecture")
        #expect(found.id == 1_000_042)
        await #expect(throws: SearchError.notFound("nobody/nothing")) {
            try await repository.repository("nobody", "nothing")
        }
    }
}
