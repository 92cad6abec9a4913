import AppFeature
import Storage

/// Where the data lives, what it is first filled with, and how much of it is kept besides: the
/// database, the response cache and the sandboxes.
struct StorageOptions {
    var database = DatabaseArgument.fromEnvironment
    var seed: UInt64 = 1
    var sqliteLocking = SQLiteLocking.exclusive
    var responseCacheBytes = 8 * 1024 * 1024
    var maxSandboxes = SandboxLimits().maximum
    var sandboxIdle = DurationArgument(.seconds(SandboxLimits().idleSeconds))

    /// These options, as `serve`'s table lists them (`Serve.sections`).
    static var section: OptionSection {
        OptionSection(
            title: "Storage",
            options: [
                .value(
                    "database", \.storage.database,
                    help: "Database: 'memory', a SQLite file path, or postgres://… (env DATABASE_URL)."),
                .value(
                    "seed", \.storage.seed,
                    help: """
                        Seed of the generated data (repositories, pins) a new database is filled with; the same seed \
                        gives the same data on every machine. A database keeps the data it was first filled with.
                        """),
                .value(
                    "sqlite-locking", \.storage.sqliteLocking,
                    help: """
                        SQLite files only: exclusive keeps the file to this process while it runs, so reads take no \
                        lock through the kernel (sqlite3 and other processes get "database is locked" until it stops); \
                        shared lets other processes open it alongside, every read paying for two fcntl calls.
                        """),
                .value(
                    "response-cache-bytes", \.storage.responseCacheBytes,
                    help: "Bytes of finished GET responses kept until their data changes (0 turns the cache off)."),
                .value(
                    "max-sandboxes", \.storage.maxSandboxes,
                    help: "Sandboxes (/sandboxes/{name}/…) live at once besides default; one more is answered 503."),
                .value(
                    "sandbox-idle", \.storage.sandboxIdle,
                    help: "Drop a sandbox, with its data, after this long without a request."),
            ])
    }

    /// Refuses a value out of range, naming its option.
    func validate() throws(UsageError) {
        guard responseCacheBytes >= 0 else { throw UsageError("--response-cache-bytes cannot be negative.") }
        guard maxSandboxes >= 0 else { throw UsageError("--max-sandboxes cannot be negative.") }
        guard sandboxIdle.duration >= .seconds(1) else { throw UsageError("--sandbox-idle must be at least 1s.") }
        if case .postgres(let url) = database.location {
            do {
                _ = try PostgresURL(url)
            } catch {
                throw UsageError("\(error)")
            }
            guard PostgresSupport.isInThisBuild else {
                throw UsageError("\(PostgresSupport.missing(for: url))")
            }
        }
    }

    /// The sandboxes' limits.
    var sandboxLimits: SandboxLimits {
        SandboxLimits(maximum: maxSandboxes, idleSeconds: sandboxIdle.duration.components.seconds)
    }
}
