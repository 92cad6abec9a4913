#if PostgreSQL
import CounterpartTestSupport
import Logging
import PostgresNIO
@testable import PostgresStorage
import Storage
import Testing
import _ConnectionPoolModule

/// A database that cannot be reached answers 503 and says so, whichever layer of the client
/// noticed: the connection, the pool, or the pool's circuit breaker (architecture.md §4.3).
@Suite("PostgreSQL errors")
struct PostgresErrorMappingTests {
    @Test(
        "every way the pool refuses a connection is unavailable (503), not an unknown 500",
        arguments: [
            ConnectionPoolError.connectionCreationCircuitBreakerTripped, .poolShutdown, .requestCancelled,
        ])
    func poolRefusals(_ refusal: ConnectionPoolError) {
        let mapped = RepositoryError.mappingPostgres(refusal)
        guard case .unavailable(let message)? = mapped as? RepositoryError else {
            Issue.record("\(refusal) became \(mapped), not RepositoryError.unavailable")
            return
        }
        #expect(message.contains("PostgreSQL"))
    }

    @Test("a database the server does not have fails start-up at once, naming it, instead of waiting")
    func missingDatabaseFailsAtOnce() async throws {
        let missing = try await TestPostgres.freshDatabase().database("no_such_database")
        let backend = PostgresBackend(
            url: missing,
            limits: PostgresBackend.Limits(
                connections: 2, statementTimeout: .seconds(5), operationTimeout: .seconds(5), startupWait: .seconds(600)
            ),
            logger: Logger(label: "test"))
        backend.start()
        let started = ContinuousClock.now
        let error = await #expect(throws: RepositoryError.self) { try await backend.waitUntilReachable() }
        // Far from the 600 s start-up wait: a loaded machine may resume this test seconds late.
        #expect(ContinuousClock.now - started < .seconds(120), "it did not wait out --postgres-startup-wait")
        #expect("\(String(describing: error))".contains("3D000"), "\(String(describing: error))")
        await backend.stop()
    }

    @Test("a query after the pool stopped is unavailable")
    func afterStop() async throws {
        let backend = try await TestPostgres.backend(at: TestPostgres.freshDatabase())
        _ = try await backend.withConnection { try await $0.query("SELECT 1", logger: $0.logger) }
        await backend.stop()
        let error = await #expect(throws: RepositoryError.self) {
            _ = try await backend.withConnection { try await $0.query("SELECT 1", logger: $0.logger) }
        }
        #expect(error?.isTransient == true, "\(String(describing: error))")
    }
}

/// The operation deadline holds whatever the server does: a statement that outlives it is answered
/// `unavailable` at the deadline, not when the server gets round to it. A bulk transaction has no
/// deadline of its own but ends when its caller is cancelled.
@Suite("PostgreSQL deadlines")
struct PostgresDeadlineTests {
    @Test("a statement running past the operation timeout is unavailable at the deadline")
    func statementPastDeadline() async throws {
        let url = try await TestPostgres.freshDatabase()
        let limits = PostgresBackend.Limits(
            connections: 1, statementTimeout: .seconds(900), operationTimeout: .milliseconds(500), startupWait: .zero)
        let backend = PostgresBackend(url: url, limits: limits, logger: Logger(label: "test"))
        backend.start()
        #expect(await Self.serves(backend, within: .seconds(120)), "the pool opens its connection")
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: RepositoryError.self) {
            _ = try await backend.withConnection { try await $0.query("SELECT pg_sleep(600)", logger: $0.logger) }
        }
        let waited = clock.now - started
        #expect(error?.isTransient == true, "\(String(describing: error))")
        // The bounds are far from the 600 s statement, not close to the 500 ms deadline: a loaded
        // machine may resume this test seconds late.
        #expect(waited < .seconds(120), "the caller waited \(waited) for a 500 ms deadline")
        // The pool's one connection serves again long before the statement would have ended: it was
        // closed and replaced, not leaked.
        #expect(
            await Self.serves(backend, within: .seconds(120)),
            "the pool's only connection is still held by the overrun statement")
        await backend.stop()
    }

    @Test("a bulk transaction outlives the statement and operation timeouts that cut a transaction short")
    func bulkOutlivesTheLimits() async throws {
        let limits = PostgresBackend.Limits(
            connections: 2, statementTimeout: .milliseconds(250), operationTimeout: .milliseconds(500),
            startupWait: .zero)
        let url = try await TestPostgres.freshDatabase()
        let backend = PostgresBackend(url: url, limits: limits, logger: Logger(label: "test"))
        backend.start()
        #expect(await Self.serves(backend, within: .seconds(120)), "the pool opens its connection")
        let slow: @Sendable (PostgresConnection) async throws -> Int = { connection in
            // Its rows read: the query returns once PostgreSQL describes them, before it has run.
            _ = try await connection.query("SELECT pg_sleep(1.5)", logger: connection.logger).collect()
            return 1
        }
        let cut = await #expect(throws: RepositoryError.self) { try await backend.transaction(slow) }
        #expect(cut?.isTransient == true, "\(String(describing: cut))")
        #expect(try await backend.bulkTransaction(slow) == 1)
        await backend.stop()
    }

    @Test("a bulk transaction whose caller is cancelled ends at once and leaves nothing written")
    func cancelledBulkRollsBack() async throws {
        let backend = try await TestPostgres.backend(at: TestPostgres.freshDatabase())
        _ = try await backend.withConnection { connection in
            try await connection.query("CREATE TABLE written (n int)", logger: connection.logger)
        }
        let reseed = Task {
            try await backend.bulkTransaction { connection in
                try await connection.query("INSERT INTO written VALUES (1)", logger: connection.logger)
                // Inside the transaction, on the client's side: only the caller's cancellation ends it.
                try await Task.sleep(for: .seconds(600))
            }
        }
        // Polled within bounds that only stop a hang: a loaded machine may take a while.
        #expect(
            try await Self.sessions(inTransaction: 1, on: backend, within: .seconds(120)),
            "the bulk transaction wrote and waits, its transaction open")
        let started = ContinuousClock.now
        reseed.cancel()
        await #expect(throws: (any Error).self) { try await reseed.value }
        #expect(ContinuousClock.now - started < .seconds(60), "the caller waited out its 600 s")
        #expect(
            try await Self.sessions(inTransaction: 0, on: backend, within: .seconds(120)),
            "the transaction ended with its caller")
        let written = try await backend.withConnection { connection in
            let rows = try await connection.query("SELECT count(*)::int FROM written", logger: connection.logger)
            return try await rows.collect().first?.decode(Int.self)
        }
        #expect(written == 0, "the cancelled transaction was rolled back, not committed")
        await backend.stop()
    }

    /// Whether `count` sessions of this test's database sit idle in a transaction within `limit`.
    private static func sessions(
        inTransaction count: Int, on backend: PostgresBackend, within limit: Duration
    ) async throws -> Bool {
        let giveUp = ContinuousClock.now + limit
        while ContinuousClock.now < giveUp {
            let open = try await backend.withConnection { connection in
                let rows = try await connection.query(
                    """
                    SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()
                    AND state = 'idle in transaction'
                    """, logger: connection.logger)
                return try await rows.collect().first?.decode(Int.self)
            }
            if open == count { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Whether `backend` answers a query within `limit`, retried: a loaded machine may take longer
    /// than the 500 ms deadline to open a connection.
    private static func serves(_ backend: PostgresBackend, within limit: Duration) async -> Bool {
        let giveUp = ContinuousClock.now + limit
        while ContinuousClock.now < giveUp {
            if (try? await backend.withConnection({ try await $0.query("SELECT 1", logger: $0.logger) })) != nil {
                return true
            }
        }
        return false
    }
}
#endif
