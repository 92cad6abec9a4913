#if PostgreSQL
@testable import AppFeature
import AppPostgres
import ConcurrencyExtras
import CounterpartTestSupport
import HTTPKit
import HTTPTypes
import PostgresNIO
import PostgresStorage
import Testing

/// The pipeline's state in PostgreSQL, where every instance reads it: the local stores' rules, held
/// by two pools on one database (two instances).
@Suite("Pipeline state shared in PostgreSQL")
struct SharedPipelineStateTests {
    @Test("idempotency keys: the local store's rules, seen alike from two instances")
    func idempotencyKeys() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let other = try await TestPostgres.backend(at: backend.url)
        let a = PostgresIdempotencyStore(backend, sandbox: "default")
        let b = PostgresIdempotencyStore(other, sandbox: "default")
        let body = SHA256.digest(Array("x".utf8))
        #expect(try await a.begin(scope: "POST /todos k", fingerprint: body) == .proceed)
        #expect(try await b.begin(scope: "POST /todos k", fingerprint: body) == .inFlight)
        #expect(try await b.begin(scope: "POST /todos k", fingerprint: SHA256.digest([])) == .reused)
        try await a.complete(scope: "POST /todos k", with: Response(status: .serviceUnavailable))
        #expect(try await b.begin(scope: "POST /todos k", fingerprint: body) == .proceed, "5xx answers are not kept")
        try await b.abandon(scope: "POST /todos k")
        #expect(try await a.begin(scope: "POST /todos k", fingerprint: body) == .proceed, "abandoned keys are free")

        var created = Response(status: .created, headers: [.location: "http://x/todos/1", .eTag: "\"e\""])
        created.body = ResponseBody(Array(#"{"id":1}"#.utf8))
        try await a.complete(scope: "POST /todos k", with: created)
        #expect(try await b.begin(scope: "POST /todos k", fingerprint: body) == .replay(created))

        let sandboxed = PostgresIdempotencyStore(other, sandbox: "elsewhere")
        #expect(
            try await sandboxed.begin(scope: "POST /todos k", fingerprint: body) == .proceed, "keys are per sandbox")
        try await a.removeAll()
        #expect(try await b.begin(scope: "POST /todos k", fingerprint: body) == .proceed)
        #expect(try await sandboxed.begin(scope: "POST /todos k", fingerprint: body) == .inFlight, "only its own")
    }

    @Test("an unanswered key is in flight only for its lease: a crashed instance does not block it")
    func inFlightLease() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let clock = LockIsolated<Int64>(1_000_000)
        let leased = PostgresIdempotencyStore(
            backend, sandbox: "default", inFlightLease: .seconds(60), now: { clock.value })
        let body = SHA256.digest([])
        #expect(try await leased.begin(scope: "s", fingerprint: body) == .proceed)
        clock.withValue { $0 += 59_000 }
        #expect(try await leased.begin(scope: "s", fingerprint: body) == .inFlight)
        clock.withValue { $0 += 2_000 }
        #expect(try await leased.begin(scope: "s", fingerprint: body) == .proceed)
    }

    @Test("fail=N: the first N requests of a scenario fail, from whichever instance; idle ones start again")
    func failScenarios() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let other = try await TestPostgres.backend(at: backend.url)
        let clock = LockIsolated<Int64>(1_000_000)
        let a = PostgresFailScenarios(backend, sandbox: "default", now: { clock.value })
        let b = PostgresFailScenarios(other, sandbox: "default", now: { clock.value })
        #expect(try await a.shouldFail("retry", failures: 2))
        #expect(try await b.shouldFail("retry", failures: 2))
        #expect(try await a.shouldFail("retry", failures: 2) == false)
        #expect(try await PostgresFailScenarios(other, sandbox: "x").shouldFail("retry", failures: 1), "per sandbox")
        clock.withValue { $0 += 61_000 }
        #expect(try await b.shouldFail("retry", failures: 2), "idle past its lifetime: counted again")
        try await a.removeAll()
        #expect(try await b.shouldFail("retry", failures: 1))
    }

    @Test("rate windows: one allowance for every instance; 304s taken back; a new window after reset")
    func rateWindows() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let clock = LockIsolated<Int64>(1_000)
        let a = RateLimiter(
            limits: ["sign-up": .init(requests: 5, enforced: true)],
            store: PostgresRateWindows(backend, sandbox: "default"),
            now: { clock.value })
        let b = RateLimiter(
            limits: [
                "sign-up": .init(requests: 5, enforced: true), "search": .init(requests: 2, enforced: true),
                "nominal": .init(requests: 2, enforced: false),
            ],
            store: PostgresRateWindows(try await TestPostgres.backend(at: backend.url), sandbox: "default"),
            now: { clock.value })
        let tallies = try await withThrowingTaskGroup(of: RateLimiter.Tally?.self) { group in
            for index in 0..<20 {
                group.addTask { try await (index.isMultiple(of: 2) ? a : b).count("sign-up", client: "10.0.0.1") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tallies.filter { $0?.refused == false }.count == 5, "exactly the allowance, across two instances")
        #expect(tallies.compactMap { $0?.window.used }.max() == 5)
        #expect(tallies.allSatisfy { $0?.window.reset == 1_060 })
        #expect(try await a.count("sign-up", client: "10.0.0.2")?.refused == false, "each client its own window")

        let search = try #require(try await b.count("search", client: "10.0.0.1"))
        #expect(try await b.count("search", client: "10.0.0.1")?.window.used == 2)
        #expect(try await b.count("search", client: "10.0.0.1")?.refused == true)
        try await b.store?.uncount("search", client: "10.0.0.1", window: search.window)
        let retaken = try #require(try await b.count("search", client: "10.0.0.1"))
        #expect(!retaken.refused && retaken.window.used == 2, "a 304 is taken back")
        #expect(!b.sharesWindows(of: "nominal") && b.sharesWindows(of: "search"))
        #expect(try await b.count("nominal", client: "10.0.0.1") == nil, "a window that only reports stays in memory")
        #expect(try await a.count("unlimited", client: "10.0.0.1") == nil)
        let closed = RateLimiter(
            limits: ["closed": .init(requests: 0, enforced: true)],
            store: PostgresRateWindows(backend, sandbox: "default"),
            now: { clock.value })
        #expect(try await closed.count("closed", client: "10.0.0.1")?.refused == true, "an allowance of 0 refuses all")

        let sandboxed = a.sandboxed("elsewhere")
        #expect(try await sandboxed.count("sign-up", client: "10.0.0.1")?.refused == false, "windows are per sandbox")
        clock.withValue { $0 = 1_060 }
        let renewed = try #require(try await b.count("sign-up", client: "10.0.0.1"))
        #expect(!renewed.refused && renewed.window.used == 1 && renewed.window.reset == 1_120, "a new window")
        #expect(try await sandboxed.count("sign-up", client: "10.0.0.1")?.window.used == 1)
        try await a.removeAll()
        #expect(try await b.count("sign-up", client: "10.0.0.1")?.window.used == 1, "reset forgets the windows")
        #expect(try await sandboxed.count("sign-up", client: "10.0.0.1")?.window.used == 2, "only its sandbox's")
    }

    @Test(
        "the sweep forgets what memory would: old and abandoned keys, keys beyond the cap, idle scenarios, reset windows"
    )
    func sweep() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let clock = LockIsolated<Int64>(1_000_000_000)
        let body = SHA256.digest(Array("x".utf8))
        let keys = PostgresIdempotencyStore(backend, sandbox: "default", now: { clock.value })
        let named = PostgresIdempotencyStore(backend, sandbox: "ui-1", now: { clock.value })
        let scenarios = PostgresFailScenarios(backend, sandbox: "default", now: { clock.value })
        _ = try await keys.begin(scope: "answered long ago", fingerprint: body)
        try await keys.complete(scope: "answered long ago", with: Response(status: .noContent))
        _ = try await keys.begin(scope: "never answered", fingerprint: body)
        _ = try await scenarios.shouldFail("idle", failures: 1)
        clock.withValue { $0 += 23 * 3_600_000 }
        for index in 0..<5 {
            clock.withValue { $0 += 1 }
            _ = try await named.begin(scope: "k\(index)", fingerprint: body)
            try await named.complete(scope: "k\(index)", with: Response(status: .noContent))
        }
        clock.withValue { $0 += 3_600_000 }
        _ = try await scenarios.shouldFail("busy", failures: 1)

        let windows = PostgresRateWindows(backend, sandbox: "default")
        let limit = RateLimiter.Limit(requests: 5, enforced: true)
        let seconds = clock.value / 1000
        _ = try await windows.count("sign-up", client: "reset long ago", limit: limit, now: seconds - 3_600)
        _ = try await windows.count("sign-up", client: "current", limit: limit, now: seconds)

        try await PostgresStateSweep(backend, keysKept: (default: 10, named: 3)).run(now: clock.value - 1)
        #expect(
            try await Self.rows(backend, "SELECT scope FROM idempotency_keys ORDER BY scope") == ["k2", "k3", "k4"])
        #expect(try await Self.rows(backend, "SELECT name FROM fail_scenarios") == ["busy"])
        #expect(try await Self.rows(backend, "SELECT client FROM rate_windows") == ["current"])
    }

    private static func rows(_ backend: PostgresBackend, _ sql: String) async throws -> [String] {
        try await backend.withConnection { connection in
            var rows: [String] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: connection.logger)
                .decode(String.self)
            {
                rows.append(row)
            }
            return rows
        }
    }
}
#endif
