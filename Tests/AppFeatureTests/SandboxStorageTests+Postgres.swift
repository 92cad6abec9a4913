#if PostgreSQL
import AppFeature
import AppPostgres
import CounterpartTestSupport
import PostgresStorage
import Storage
import Testing
import TodosFeature

extension SandboxStorageTests {
    @Test("on PostgreSQL a name is recorded once: other instances use it, or wait while it is seeded")
    func sharedByInstances() async throws {
        let backend = try await TestPostgres.backend(at: TestPostgres.freshDatabase())
        _ = try await PostgresMigrator.migrate(backend, AppDatabase.postgresMigrations())
        let now: Int64 = 1_000_000
        let first = try await SandboxStorage.postgres(backend, now: now)
        let other = try await SandboxStorage.postgres(TestPostgres.backend(at: backend.url), now: now)
        let made = Self.record("shared", generation: 1, at: now)
        #expect(try await first.record(made) == .recorded)
        await #expect(throws: RepositoryError.self, "seeding is under way on the first instance") {
            try await other.record(Self.record("shared", generation: 2, at: now))
        }
        _ = try await first.values(made).todoRepository.write(.resetTo(TodosSeed.demo))
        try await first.markSeeded(made)
        #expect(try await other.record(Self.record("shared", generation: 3, at: now)) == .existing(made))
        #expect(try await other.values(made).todoRepository.list(.all).count == TodosSeed.demo.count)

        // An unseeded record of a minute ago was abandoned by a crash; one of now is being seeded.
        #expect(try await first.record(Self.record("abandoned", generation: 4, at: now - 61)) == .recorded)
        #expect(try await first.record(Self.record("seeding", generation: 5, at: now)) == .recorded)
        let reopened = try await SandboxStorage.postgres(backend, now: now)
        #expect(reopened.restored == [made])
        #expect(try await reopened.record(Self.record("abandoned", generation: 6, at: now)) == .recorded)
        await #expect(throws: RepositoryError.self) {
            try await reopened.record(Self.record("seeding", generation: 7, at: now))
        }

        #expect(try await !other.drop(made.name, made.generation + 1), "another generation's drop leaves it")
        #expect(try await other.values(made).todoRepository.list(.all).count == TodosSeed.demo.count)
        #expect(try await other.drop(made.name, made.generation))
        #expect(try await first.values(made).todoRepository.list(.all).isEmpty, "dropped through any instance")
    }
}
#endif
