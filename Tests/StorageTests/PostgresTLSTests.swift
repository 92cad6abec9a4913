#if PostgreSQL
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
        try await OwnPostgres.run(in: folder, tls: true) { server throws in
            let url = server.url
            #expect(try await Self.encrypted(url + "?sslmode=require"), "require: TLS, the certificate unchecked")
            #expect(try await Self.encrypted(url + "?sslmode=prefer"), "prefer: TLS when offered")
            await #expect(throws: (any Error).self, "verify-full: a self-signed certificate is not trusted") {
                _ = try await Self.encrypted(url + "?sslmode=verify-full", within: .seconds(3))
            }
            let trusted = "sslrootcert=\(folder)/server.crt"
            #expect(
                try await Self.encrypted(url + "?sslmode=verify-full&\(trusted)"), "trusted through sslrootcert")
            #expect(try await Self.encrypted(url + "?sslmode=verify-ca&\(trusted)"))
            #expect(try await !Self.encrypted(url + "?sslmode=disable"))
        }
    }

    @Test("an sslmode libpq does not have is refused, listing the ones there are")
    func unknownMode() throws {
        #expect(throws: StorageError.self) { try PostgresURL("postgres://u@h/db?sslmode=allow-ish") }
        #expect(
            try PostgresURL("postgres://u@h/db?sslmode=verify-full&sslrootcert=/ca.pem").rootCertificates == "/ca.pem")
    }

    /// Whether a connection made with `text` is encrypted, by the server's own account. Generous
    /// by default: the whole suite shares two cores, and a TLS handshake is slow under load.
    private static func encrypted(_ text: String, within deadline: Duration = .seconds(120)) async throws -> Bool {
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
}
#endif
