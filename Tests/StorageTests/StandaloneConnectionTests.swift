#if PostgreSQL
import CounterpartTestSupport
import Logging
import PostgresNIO
import PostgresStorage
import Storage
import Synchronization
import Testing

/// A connection opened outside the pool is closed whatever its work does: one dropped open would
/// hold a server session, and in a debug build PostgresNIO's assertion would take the whole process
/// down in place of the work's error.
@Suite("A standalone PostgreSQL connection")
struct StandaloneConnectionTests {
    private struct Refused: Error {}

    @Test("work that throws: its error comes through and the connection is closed")
    func closedWhenWorkThrows() async throws {
        let url = try await TestPostgres.freshDatabase()
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: .disable)
        let opened = Mutex<PostgresConnection?>(nil)
        await #expect(throws: Refused.self) {
            try await PostgresConnection.withStandalone(configuration: configuration, logger: Logger(label: "test")) {
                connection in
                opened.withLock { $0 = connection }
                throw Refused()
            }
        }
        let connection = try #require(opened.withLock { $0 }, "the work ran on a connection")
        #expect(connection.isClosed, "the connection was left open when its work threw")
        if !connection.isClosed { try await connection.close() }
    }
}
#endif
