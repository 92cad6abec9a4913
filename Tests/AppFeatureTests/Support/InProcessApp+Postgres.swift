#if PostgreSQL
import AppFeature
import Dependencies
import Storage

extension InProcessApp {
    /// Serves the PostgreSQL database at `url` with `domains` for the length of `body`, as one
    /// instance with a response cache of `cacheBytes`.
    static func run(
        postgres url: PostgresURL, support: PostgresSupport, domains: [Domain] = App.domains,
        cacheBytes: Int = 1 << 20, _ body: (InProcessApp) async throws -> Void
    ) async throws {
        let database = try await AppDatabase.open(
            .postgres(url: url.argument), readers: 1, domains: domains, postgres: support)
        var values = DependencyValues._current
        try database.install(into: &values, cache: ResponseCache(capacity: cacheBytes), resettable: false)
        do {
            try await run(dependencies: values, domains: domains, body)
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
    }
}
#endif
