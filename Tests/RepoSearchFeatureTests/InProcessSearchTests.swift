import CounterpartTestSupport
import Foundation
import GRDB
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

    /// Searches `repository` once, drops its table with `dropTable`, and expects every query to
    /// answer as the in-memory backend does.
    func expectAnsweredInProcess(
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

/// A file from before in-process narrowing: step 3 drops its full-text and language indexes and
/// keeps every repository.
@Suite("Search migrations")
struct SearchMigrationTests {
    @Test("a file with the FTS5 index filled keeps its repositories, and searches them, once step 3 drops it")
    func olderFileMigrates() async throws {
        let path = try temporaryDirectory().appendingPathComponent("search.sqlite").path
        let repositories = RepositorySeed.repositories()
        do {
            let older = try SQLiteDatabase.open(
                .sqliteFile(path: path), migrations: RepoSearchMigrations.all.filter { !$0.name.hasPrefix("search-3") })
            try await older.write { db in
                try RepoSearchRepository.seed(repositories, into: db)
                // What the seed did then: fill the external-content index from the table.
                try db.execute(sql: "INSERT INTO repositories_fts (repositories_fts) VALUES ('rebuild')")
            }
        }
        let database = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: RepoSearchMigrations.all)
        let (tables, indexes, count) = try await database.read { db in
            (
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'repositories_fts%'"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM repositories") ?? 0
            )
        }
        #expect(tables.isEmpty, "FTS5 and its shadow tables are gone: \(tables)")
        #expect(!indexes.contains("repositories_by_language") && indexes.contains("repositories_by_ownerLogin"))
        #expect(count == repositories.count)
        let query = try SearchQueryParser.parse("composable architecture")
        let page = try await RepoSearchRepository.sqlite(database).search(query, .bestMatch, 0, 5)
        #expect(page == (try await RepoSearchRepository.inMemory(repositories).search(query, .bestMatch, 0, 5)))
    }
}
