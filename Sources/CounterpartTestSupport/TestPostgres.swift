#if PostgreSQL
import Foundation
import Logging
import PostgresNIO
public import PostgresStorage
public import Storage

/// The PostgreSQL server tests use, and a fresh database on it per test case.
///
/// The server is the one `COUNTERPART_POSTGRES_URL` names (Scripts/test starts one and sets it), or
/// else one this test process starts with `Scripts/postgres` and stops when it exits — so
/// `swift test --traits PostgreSQL` alone works too, given Debian's postgresql-15 (the script installs it).
public enum TestPostgres {
    /// A new, empty database, its name unique to this call; its URL.
    public static func freshDatabase() async throws -> PostgresURL {
        let server = try await Server.shared.url()
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let configuration = PostgresConnection.Configuration(
            host: server.host, port: server.port, username: server.username, password: server.password,
            database: server.database, tls: .disable)
        try await PostgresConnection.withStandalone(
            configuration: configuration, logger: Logger(label: "test-postgres")
        ) {
            // The name is made here, from hex digits only: never input.
            _ = try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: $0.logger)
        }
        return server.database(name)
    }

    /// A backend on a fresh database with `migrations` applied (after the shared tables'), running
    /// for the rest of the test process.
    public static func migratedBackend(_ migrations: [PostgresMigration]) async throws -> PostgresBackend {
        let backend = try await backend(at: freshDatabase())
        _ = try await PostgresMigrator.migrate(backend, PostgresStorageMigrations.all + migrations)
        return backend
    }

    /// A second pool on `url`'s database, as another instance of the server would have, running
    /// for the rest of the test process.
    public static func backend(at url: PostgresURL) async throws -> PostgresBackend {
        var logger = Logger(label: "test-postgres")
        logger.logLevel = .error
        // Generous deadlines: the whole suite runs in parallel on two cores, and these tests are
        // about answers, not about how long a loaded machine takes to give them.
        let limits = PostgresBackend.Limits(
            connections: 10, statementTimeout: .seconds(60), operationTimeout: .seconds(60), startupWait: .zero)
        let backend = PostgresBackend(url: url, limits: limits, logger: logger)
        backend.start()
        return backend
    }

    /// The server, found or started once per process.
    private actor Server {
        static let shared = Server()
        /// Finding or starting it, shared by every caller: the first call's start is awaited by
        /// the calls that arrive while it runs, instead of each starting a server.
        private var found: Task<PostgresURL, any Error>?

        func url() async throws -> PostgresURL {
            let found = self.found ?? Task { try await Self.findOrStart() }
            self.found = found
            return try await found.value
        }

        private static func findOrStart() async throws -> PostgresURL {
            if let named = ProcessInfo.processInfo.environment["COUNTERPART_POSTGRES_URL"] {
                return try PostgresURL(named)
            }
            return try PostgresURL(await startOwn())
        }

        /// Starts a server in a temporary folder with Scripts/postgres, stopped and removed at exit.
        private static func startOwn() async throws -> String {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "counterpart-pg-\(UUID().uuidString.prefix(8))")
            do {
                try await OwnPostgres.script(["start", folder.path], environment: ["POSTGRES_STATEMENTS": "1"])
            } catch {
                throw TestPostgresError(
                    "\(error) Set COUNTERPART_POSTGRES_URL to a server, or run Scripts/test, which starts one.")
            }
            stopAtExit = {
                try? OwnPostgres.scriptBlocking(["stop", folder.path])
                try? FileManager.default.removeItem(at: folder)
            }
            atexit { stopAtExit?() }
            return try String(contentsOf: folder.appendingPathComponent("url"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}

/// Stops the server this process started; called once, at exit.
nonisolated(unsafe) private var stopAtExit: (() -> Void)?

#endif
