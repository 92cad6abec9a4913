import CounterpartTestSupport
import GRDB
import PostgresNIO
import PostgresStorage
import RepoSearchFeature
import Storage
import Testing

/// The database backends load the repositories once and answer every later search in process
/// (architecture.md §4.3): with the table gone after the first search, the pages stay the same.
@Suite("Search in process")
struct InProcessSearchTests {
    static let queries = ["swift", "composable architecture", "topic:cli", "language:go language:rust"]

    @Test("SQLite: searches after the first never read the database")
    func sqlite() async throws {
        let database = try SQLiteDatabase.open(.memory, migrations: RepoSearchMigrations.all)
        try await database.write { db in try RepoSearchRepository.seed(RepositorySeed.repositories(), into: db) }
        try await expectAnsweredInProcess(by: .sqlite(database)) {
            try await database.write { db in try db.execute(sql: "DROP TABLE repositories") }
        }
    }

    @Test("PostgreSQL: searches after the first make no round trip")
    func postgres() async throws {
        let backend = try await TestPostgres.migratedBackend(RepoSearchMigrations.postgres)
        try await backend.transaction { try await RepoSearchRepository.seed(RepositorySeed.repositories(), on: $0) }
        try await expectAnsweredInProcess(by: .postgres(backend)) {
            _ = try await backend.withConnection { try await $0.query("DROP TABLE repositories", logger: $0.logger) }
        }
    }

    /// Searches `repository` once, drops its table with `dropTable`, and expects every query to
    /// answer as the in-memory backend does.
    private func expectAnsweredInProcess(
        by repository: RepoSearchRepository,
        droppingTableWith dropTable: () async throws -> Void
    ) async throws {
        let reference = RepoSearchRepository.inMemory(RepositorySeed.repositories())
        _ = try await repository.search(try SearchQueryParser.parse("swift"), .bestMatch, 0, 1)
        try await dropTable()
        for q in Self.queries {
            let query = try SearchQueryParser.parse(q)
            let expected = try await reference.search(query, .bestMatch, 0, 30)
            #expect(!expected.items.isEmpty, "q=\(q)")
            #expect(try await repository.search(query, .bestMatch, 0, 30) == expected, "q=\(q)")
        }
    }
}
