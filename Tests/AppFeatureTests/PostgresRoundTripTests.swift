#if PostgreSQL
import AppFeature
import AppPostgres
import CounterpartTestSupport
import Logging
import PostgresNIO
import PostgresStorage
import Storage
import Testing

/// What a request costs PostgreSQL, counted by the server itself: `pg_stat_statements`, which
/// `Scripts/postgres` loads, counts each statement's executions in the test's own database.
@Suite("PostgreSQL round trips a request costs")
struct PostgresRoundTripTests {
    static let todo = "/todos/deadbeef-dead-beef-dead-beefdeadbeef"

    @Test("a cached read is one round trip in any sandbox: the default's version, a named one's confirmation")
    func cachedReads() async throws {
        let url = try await TestPostgres.freshDatabase()
        let statements = try await Statements(url)
        try await InProcessApp.run(postgres: url, support: Self.support) { (app: InProcessApp) async throws in
            for target in [Self.todo, "/sandboxes/counted" + Self.todo, "/sandboxes/counted" + Self.todo] {
                #expect(try await app.request("GET", target).status == 200, "warming \(target)")
            }
            let before = try await statements.counts()
            for _ in 0..<10 {
                #expect(try await app.request("GET", Self.todo).status == 200)
                #expect(try await app.request("GET", "/sandboxes/counted" + Self.todo).status == 200)
            }
            let made = try await statements.counts().subtracting(before)
            #expect(made[.versionRead] == 10, "the default sandbox reads its version: \(made)")
            #expect(made[.confirmation] == 10, "the named one confirms itself, versions and all: \(made)")
            #expect(made[.todoRead] == 0, "cached: no row is read: \(made)")
        }
        await statements.stop()
    }

    @Test("an uncached read in a named sandbox is two round trips: its confirmation and the row")
    func uncachedRead() async throws {
        let url = try await TestPostgres.freshDatabase()
        let statements = try await Statements(url)
        try await InProcessApp.run(postgres: url, support: Self.support, cacheBytes: 0) {
            (app: InProcessApp) async throws in
            for _ in 0..<2 { #expect(try await app.request("GET", "/sandboxes/counted" + Self.todo).status == 200) }
            let before = try await statements.counts()
            for _ in 0..<10 { #expect(try await app.request("GET", "/sandboxes/counted" + Self.todo).status == 200) }
            let made = try await statements.counts().subtracting(before)
            #expect(made[.confirmation] == 10, "\(made)")
            #expect(made[.todoRead] == 10, "\(made)")
            #expect(made[.versionRead] == 0, "no cache, so no version is asked for: \(made)")
        }
        await statements.stop()
    }

    /// A PostgreSQL profile with generous deadlines: the whole suite runs in parallel on two cores,
    /// and these tests are about how many statements a request makes, not how long a loaded machine
    /// takes to make them.
    static let support = PostgresSupport.live(
        limits: PostgresLimits(
            connections: 10, statementTimeout: .seconds(60), operationTimeout: .seconds(60), startupWait: .zero),
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })

    /// The request-path statements of one database, by kind, as `pg_stat_statements` counts them.
    struct Statements {
        enum Kind: CaseIterable {
            case confirmation, versionRead, todoRead

            /// How the statement's normalized text begins.
            var prefix: String {
                switch self {
                case .confirmation: "SELECT sandboxes.generation"
                case .versionRead: "SELECT version FROM data_versions"
                case .todoRead: "SELECT id, description, is_complete"
                }
            }
        }

        struct Counts: CustomStringConvertible {
            var calls: [Kind: Int] = [:]
            subscript(kind: Kind) -> Int { calls[kind] ?? 0 }
            func subtracting(_ earlier: Counts) -> Counts {
                Counts(calls: calls.merging(earlier.calls.mapValues { -$0 }, uniquingKeysWith: +))
            }
            var description: String { "\(calls)" }
        }

        let backend: PostgresBackend

        init(_ url: PostgresURL) async throws {
            backend = try await TestPostgres.backend(at: url)
            try await backend.withConnection { connection in
                do {
                    try await connection.query(
                        "CREATE EXTENSION IF NOT EXISTS pg_stat_statements", logger: connection.logger)
                    try await connection.query("SELECT count(*) FROM pg_stat_statements", logger: connection.logger)
                } catch {
                    throw StatisticsMissing(underlying: error)
                }
            }
        }

        func counts() async throws -> Counts {
            try await backend.withConnection { connection in
                var counts = Counts()
                let rows = try await connection.query(
                    """
                    SELECT query, calls FROM pg_stat_statements
                    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                    """, logger: connection.logger)
                for try await (query, calls) in rows.decode((String, Int).self) {
                    let text = query.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    for kind in Kind.allCases where text.hasPrefix(kind.prefix) {
                        counts.calls[kind, default: 0] += calls
                    }
                }
                return counts
            }
        }

        func stop() async { await backend.stop() }
    }

    struct StatisticsMissing: Error, CustomStringConvertible {
        let underlying: any Error
        var description: String {
            "The test server must load pg_stat_statements (shared_preload_libraries), as Scripts/postgres starts it with POSTGRES_STATEMENTS=1 (Scripts/test does): "
                + String(reflecting: underlying)
        }
    }
}
#endif
