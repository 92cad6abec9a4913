import Foundation

/// A PostgreSQL server of a test's own, made with `Scripts/postgres`, for tests that stop, restart
/// or reconfigure the server under a client (the shared test server must stay up for every test).
///
/// The script is waited for by polling between sleeps, never by blocking a thread: Swift Testing
/// runs the suite's tests on the cooperative pool, one thread per core, and a test blocked for the
/// seconds an `initdb` takes holds one of two, and every other test's timers wait the longer
/// (RELIABILITY.md, "the cooperative pool in the test suite").
public struct OwnPostgres: Sendable {
    /// The folder holding the cluster, its socket and its logs.
    public let folder: String
    /// `postgres://` URL of the running server, without a password (trust authentication).
    public let url: String

    /// Starts a server in `folder` (a new path; with `tls`, it also speaks TLS with the
    /// self-signed certificate it leaves in `folder/server.crt`), runs `body` with it, and stops it
    /// whether `body` returns or throws.
    public static func run<T>(
        in folder: String, tls: Bool = false, _ body: (OwnPostgres) async throws -> T
    ) async throws -> T {
        try await script(["start", folder], environment: tls ? ["POSTGRES_TLS": "1"] : [:])
        do {
            let url = try String(contentsOfFile: folder + "/url", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let result = try await body(OwnPostgres(folder: folder, url: url))
            try? await script(["stop", folder])
            return result
        } catch {
            try? await script(["stop", folder])
            throw error
        }
    }

    /// Stops the server; the folder stays, so `restart()` can start it again on the same port.
    public func stop() async throws {
        try await Self.script(["stop", folder])
    }

    /// Starts the stopped server again, on the same port.
    public func restart() async throws {
        try await Self.script(["restart", folder])
    }

    /// Runs `Scripts/postgres arguments…` to its end, checking every 10 ms whether it has exited —
    /// to its end even when the test is cancelled, so a server it starts is known to the caller
    /// that stops it.
    static func script(_ arguments: [String], environment: [String: String] = [:]) async throws {
        let process = try launch(arguments, environment: environment)
        while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        try check(process, arguments)
    }

    /// Runs `Scripts/postgres arguments…` to its end, blocking the calling thread: only for an exit
    /// handler, which runs on no cooperative thread and cannot wait any other way.
    static func scriptBlocking(_ arguments: [String]) throws {
        let process = try launch(arguments, environment: [:])
        while process.isRunning { usleep(10_000) }
        try check(process, arguments)
    }

    /// Starts the script with its output going nowhere: the server it starts inherits the
    /// descriptors Foundation leaves open, so a pipe would never reach its end.
    private static func launch(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/postgres")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func check(_ process: Process, _ arguments: [String]) throws {
        guard process.terminationStatus == 0 else {
            throw TestPostgresError(
                "Scripts/postgres \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)); "
                    + "its folder's initdb.log and server.log say why. It needs Debian's postgresql-15, "
                    + "which it installs when it can.")
        }
    }
}
