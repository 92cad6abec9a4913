import CounterpartTestSupport
import PostgresNIO
import PostgresStorage
import Testing

@testable import RepoSearchFeature

/// What only the PostgreSQL backend has to prove: its narrowing goes through the indexes.
@Suite("Search on PostgreSQL")
struct RepoSearchPostgresTests {
    @Test("keywords, topics, languages and owners narrow through indexes, not a scan of every row")
    func narrowingUsesIndexes() async throws {
        let backend = try await TestPostgres.migratedBackend(RepoSearchMigrations.postgres)
        try await backend.transaction { try await RepoSearchRepository.seed(RepositorySeed.repositories(), on: $0) }
        for q in ["composable architecture", "topic:cli", "language:go language:rust", "user:pointlabs", "swift"] {
            let query = try #require(RepositoryPostgresRows.candidateQuery(try SearchQueryParser.parse(q)))
            let plan = try await backend.withConnection { connection in
                var lines: [String] = []
                let explain = PostgresQuery(unsafeSQL: "EXPLAIN " + query.sql, binds: query.binds)
                for try await line in try await connection.query(explain, logger: connection.logger).decode(String.self)
                {
                    lines.append(line)
                }
                return lines.joined(separator: "\n")
            }
            #expect(plan.contains("Index Scan"), "q=\(q):\n\(plan)")
            #expect(!plan.contains("Seq Scan"), "q=\(q):\n\(plan)")
        }
    }
}
