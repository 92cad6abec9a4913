import CounterpartTestSupport
import Foundation
import Logging
import PostgresNIO
import PostgresStorage
import Storage
import Testing

/// `sslmode` means what it means to libpq, so a URL that works with `psql` works here: against a
/// server with a self-signed certificate, `require` encrypts without checking it, `verify-full`
/// refuses it unless `sslrootcert` trusts it.
@Suite("PostgreSQL over TLS")
struct PostgresTLSTests {
    @Test("require encrypts; verify-full refuses an untrusted certificate and accepts a trusted one")
    func sslModes() async throws {
        let folder = try temporaryDirectory().appendingPathComponent("postgres-tls").path
        let url = try Self.startServer(in: folder)
        defer { Self.stopServer(in: folder) }

        #expect(try await Self.encrypted(url + "?sslmode=require"), "require: TLS, the certificate unchecked")
        #expect(try await Self.encrypted(url + "?sslmode=prefer"), "prefer: TLS when offered")
        await #expect(throws: (any Error).self, "verify-full: a self-signed certificate is not trusted") {
            _ = try await Self.encrypted(url + "?sslmode=verify-full", within: .seconds(3))
        }
        let trusted = "sslrootcert=\(folder)/server.crt"
        #expect(try await Self.encrypted(url + "?sslmode=verify-full&\(trusted)"), "trusted through sslrootcert")
        #expect(try await Self.encrypted(url + "?sslmode=verify-ca&\(trusted)"))
        #expect(try await !Self.encrypted(url + "?sslmode=disable"))
    }

    @Test("an sslmode libpq does not have is refused, listing the ones there are")
    func unknownMode() throws {
        #expect(throws: StorageError.self) { try PostgresURL("postgres://u@h/db?sslmode=allow-ish") }
        #expect(
            try PostgresURL("postgres://u@h/db?sslmode=verify-full&sslrootcert=/ca.pem").rootCertificates == "/ca.pem")
    }

    /// Whether a connection made with `text` is encrypted, by the server's own account. Generous
    /// by default: the whole suite shares two cores, and a TLS handshake is slow under load.
    private static func encrypted(_ text: String, within deadline: Duration = .seconds(30)) async throws -> Bool {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let backend = PostgresBackend(
            url: try PostgresURL(text),
            limits: PostgresBackend.Limits(
                connections: 1, statementTimeout: deadline, operationTimeout: deadline, startupWait: .zero),
            logger: logger)
        backend.start()
        defer { Task { await backend.stop() } }
        return try await backend.withConnection { connection in
            let rows = try await connection.query(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", logger: connection.logger)
            for try await ssl in rows.decode(Bool.self) { return ssl }
            return false
        }
    }

    /// Starts a server of its own that speaks TLS (`POSTGRES_TLS=1 Scripts/postgres start`); its URL.
    private static func startServer(in folder: String) throws -> String {
        try script(["start", folder], environment: ["POSTGRES_TLS": "1"])
        return try String(contentsOfFile: folder + "/url", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    private static func stopServer(in folder: String) {
        try? script(["stop", folder])
    }

    /// Runs Scripts/postgres, its output going nowhere (the server it starts would keep a pipe open).
    private static func script(_ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/postgres")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Polled: Foundation's waitUntilExit spins a run loop that a test's thread never runs.
        while process.isRunning { Thread.sleep(forTimeInterval: 0.01) }
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
    }
}
