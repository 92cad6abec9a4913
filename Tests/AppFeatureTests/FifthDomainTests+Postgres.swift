#if PostgreSQL
import AppFeature
import AppPostgres
import CounterpartTestSupport
import Logging
import PostgresNIO
import PostgresStorage
import Storage
import Testing

extension FifthDomainTests {
    @Test("on PostgreSQL its backend, declared beside the four, serves it across instances and drops")
    func postgres() async throws {
        let url = try await TestPostgres.freshDatabase()
        let support = PostgresSupport.live(
            backends: PostgresDomain.all() + [.notes], logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await InProcessApp.run(postgres: url, support: support, domains: Self.domains) {
            (app: InProcessApp) async throws in
            #expect(try Self.texts(await app.request("GET", "/notes")) == NoteRepository.seed)
            _ = try await app.request("POST", "/notes", headers: Self.json, body: Array(#"{"text":"Shared"}"#.utf8))
            _ = try await app.request("GET", "/sandboxes/gone/notes")
        }
        // Another instance of the same database: what the first wrote, and the sandbox it made.
        try await InProcessApp.run(postgres: url, support: support, domains: Self.domains) {
            (app: InProcessApp) async throws in
            #expect(try Self.texts(await app.request("GET", "/notes")) == NoteRepository.seed + ["Shared"])
            #expect(try Self.texts(await app.request("GET", "/sandboxes/gone/notes")) == NoteRepository.seed)
            #expect(try await app.request("DELETE", "/sandboxes/gone").status == 204)
        }
        let backend = try await TestPostgres.backend(at: url)
        let sandboxes = try await backend.withConnection { connection in
            var names: [String] = []
            let rows = try await connection.query(
                "SELECT DISTINCT sandbox FROM notes ORDER BY sandbox", logger: connection.logger)
            for try await name in rows.decode(String.self) { names.append(name) }
            return names
        }
        await backend.stop()
        #expect(sandboxes == ["default"], "the dropped sandbox's notes went with it")
    }

    @Test("a build whose PostgreSQL backends lack a served domain refuses to open, naming it")
    func postgresBackendMissing() async throws {
        let url = try await TestPostgres.freshDatabase()
        let support = PostgresSupport.live(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let refusal = await #expect(throws: StorageError.self) {
            try await AppDatabase.open(
                .postgres(url: url.argument), readers: 1, domains: Self.domains, postgres: support)
        }
        #expect(refusal.map { "\($0)" }?.contains("domain notes has no PostgreSQL backend") == true)
    }

}
#endif
