import Foundation
import Logging
import PostgresNIO
public import PostgresStorage

/// The PostgreSQL server tests use, and a fresh database on it per test case.
///
/// The server is the one `COUNTERPART_POSTGRES_URL` names (Scripts/test starts one and sets it), or
/// else one this test process starts with `Scripts/postgres` and stops when it exits — so
/// `swift test` alone works too, given Debian's postgresql-15 (the script installs it).
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
        private var started: PostgresURL?

        func url() throws -> PostgresURL {
            if let started { return started }
            let url = try PostgresURL(
                ProcessInfo.processInfo.environment["COUNTERPART_POSTGRES_URL"] ?? Self.startOwn())
            started = url
            return url
        }

        /// Starts a server in a temporary folder with Scripts/postgres, stopped and removed at exit.
        private static func startOwn() throws -> String {
            let script = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Scripts/postgres")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "counterpart-pg-\(UUID().uuidString.prefix(8))")
            try run(script, ["start", folder.path])
            stopAtExit = {
                try? run(script, ["stop", folder.path])
                try? FileManager.default.removeItem(at: folder)
            }
            atexit { stopAtExit?() }
            return try String(contentsOf: folder.appendingPathComponent("url"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Runs the script to its end. Its output goes nowhere: the server it starts inherits the
        /// descriptors Foundation leaves open, so a pipe would never reach its end.
        private static func run(_ script: URL, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = script
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Polled: Foundation's waitUntilExit spins a run loop that a test's thread never runs.
            while process.isRunning { Thread.sleep(forTimeInterval: 0.01) }
            guard process.terminationStatus == 0 else {
                throw TestPostgresError(
                    "Scripts/postgres \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)); "
                        + "set COUNTERPART_POSTGRES_URL to a server, or run Scripts/test, which starts one.")
            }
        }
    }
}

/// Stops the server this process started; called once, at exit.
nonisolated(unsafe) private var stopAtExit: (() -> Void)?

/// Why no test database could be had.
struct TestPostgresError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
