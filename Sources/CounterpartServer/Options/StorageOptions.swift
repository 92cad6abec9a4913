import AppFeature
import ArgumentParser
import Storage

/// Where the data lives, what it is first filled with, and how much of it is kept besides: the
/// database, the response cache and the sandboxes.
struct StorageOptions: ParsableArguments {
    @Option(help: "Database: 'memory', a SQLite file path, or postgres://… (env DATABASE_URL).")
    var database = DatabaseArgument.fromEnvironment

    @Option(
        help: """
            Seed of the generated data (repositories, pins) a new database is filled with; the same seed gives \
            the same data on every machine. A database keeps the data it was first filled with.
            """)
    var seed: UInt64 = 1

    @Option(
        help: """
            SQLite files only: exclusive keeps the file to this process while it runs, so reads take no lock \
            through the kernel (sqlite3 and other processes get "database is locked" until it stops); shared \
            lets other processes open it alongside, every read paying for two fcntl calls.
            """)
    var sqliteLocking = SQLiteLocking.exclusive

    @Option(help: "Bytes of finished GET responses kept until their data changes (0 turns the cache off).")
    var responseCacheBytes = 8 * 1024 * 1024

    @Option(help: "Sandboxes (/sandboxes/{name}/…) live at once besides default; one more is answered 503.")
    var maxSandboxes = SandboxLimits().maximum

    @Option(help: "Drop a sandbox, with its data, after this long without a request.")
    var sandboxIdle = DurationArgument(.seconds(SandboxLimits().idleSeconds))

    func validate() throws {
        guard responseCacheBytes >= 0 else { throw ValidationError("--response-cache-bytes cannot be negative.") }
        guard maxSandboxes >= 0 else { throw ValidationError("--max-sandboxes cannot be negative.") }
        guard sandboxIdle.duration >= .seconds(1) else { throw ValidationError("--sandbox-idle must be at least 1s.") }
        if case .postgres(let url) = database.location {
            do {
                _ = try PostgresURL(url)
            } catch {
                throw ValidationError("\(error)")
            }
            guard PostgresSupport.isInThisBuild else {
                throw ValidationError("\(PostgresSupport.missing(for: url))")
            }
        }
    }

    /// The sandboxes' limits.
    var sandboxLimits: SandboxLimits {
        SandboxLimits(maximum: maxSandboxes, idleSeconds: sandboxIdle.duration.components.seconds)
    }
}
