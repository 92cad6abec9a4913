#if PostgreSQL
import CounterpartTestSupport
import PostgresNIO
import PostgresStorage
import RepoSearchFeature
import RepoSearchPostgres
import Testing

extension InProcessSearchTests {
    @Test("PostgreSQL: searches after the first make no round trip")
    func postgres() async throws {
        let backend = try await TestPostgres.migratedBackend(RepoSearchMigrations.postgres)
        try await backend.transaction { try await RepoSearchRepository.seed(RepositorySeed.repositories(), on: $0) }
        try await expectAnsweredInProcess(by: .postgres(backend)) {
            _ = try await backend.withConnection { try await $0.query("DROP TABLE repositories", logger: $0.logger) }
        }
    }
}
#endif
