public import Dependencies
public import GRDB
public import HTTPKit
public import Storage

/// A domain's mutable data, which every sandbox has a copy of (api.md §6.4): how its stores are
/// made on each embedded backend, what a sandbox's drop removes, and what a reset (or a new
/// sandbox) puts back. PostgreSQL's backend is declared beside it in `AppPostgres`.
public struct DomainStore: Sendable {
    /// Its stores in process memory, empty, for `place`.
    public var memory: @Sendable (_ place: StorePlace) -> StoreSetter
    /// Its stores over a SQLite file: `place`'s rows.
    public var sqlite: @Sendable (_ file: SQLiteFile, _ place: StorePlace) -> StoreSetter
    /// Removes a named sandbox's rows inside `db`'s transaction.
    public var dropSQLiteSandbox: @Sendable (_ db: Database, _ sandbox: String) throws -> Void
    /// Puts the stores `values` hold back to the domain's seed (a reset, a new sandbox); how many
    /// items they then hold.
    public var reset: @Sendable (_ values: DependencyValues) async throws -> Int
    /// Gives the default stores of a database seen for the first time the demo data, keeping
    /// whatever they hold already (a file written before the seed marker existed).
    public var fill: @Sendable (_ values: DependencyValues) async throws -> Void
    /// Lets go of what lives beside the stores `values` hold once their sandbox is dropped — the
    /// todos' change feed ends its subscribers' streams, which reconnect to the sandbox made anew.
    public var closed: @Sendable (_ values: DependencyValues) -> Void

    /// A store from its parts.
    public init(
        memory: @escaping @Sendable (_ place: StorePlace) -> StoreSetter,
        sqlite: @escaping @Sendable (_ file: SQLiteFile, _ place: StorePlace) -> StoreSetter,
        dropSQLiteSandbox: @escaping @Sendable (_ db: Database, _ sandbox: String) throws -> Void,
        reset: @escaping @Sendable (_ values: DependencyValues) async throws -> Int,
        fill: @escaping @Sendable (_ values: DependencyValues) async throws -> Void,
        closed: @escaping @Sendable (_ values: DependencyValues) -> Void = { _ in }
    ) {
        self.memory = memory
        self.sqlite = sqlite
        self.dropSQLiteSandbox = dropSQLiteSandbox
        self.reset = reset
        self.fill = fill
        self.closed = closed
    }
}

/// Puts stores, made once, on a sandbox's dependency values. It only assigns: a sandbox's values
/// are prepared like the boot's (`SandboxDependencies`), where reading is not yet possible.
public typealias StoreSetter = @Sendable (inout DependencyValues) -> Void

/// Where a store is made for: the default sandbox or a named one, and the metrics its calls are
/// timed in.
public struct StorePlace: Sendable {
    /// The rows it keeps: `.default`, or the named sandbox's in its generation.
    public var partition: SandboxPartition
    /// Where its calls' durations are recorded (`counterpart_repository_call_duration_seconds`).
    public var metrics: AppMetrics
    /// The named sandbox it serves; `nil`: the default sandbox.
    public var sandbox: SandboxSetting?

    /// A place from its parts.
    public init(partition: SandboxPartition, metrics: AppMetrics, sandbox: SandboxSetting? = nil) {
        self.partition = partition
        self.metrics = metrics
        self.sandbox = sandbox
    }
}

/// What a named sandbox's stores may take from around them: its name, its rate windows, and the
/// default sandbox's values that its own are derived from (the newsletter's outbox and policy).
public struct SandboxSetting: Sendable {
    public var name: SandboxName
    public var rateLimiter: RateLimiter
    public var base: DependencyValues
}

/// A SQLite file's shared machinery every store on it uses: the writer, the loops' read
/// connections and the grouped commits.
public struct SQLiteFile: Sendable {
    public var writer: any DatabaseWriter
    public var reads: LocalReads
    public var commits: GroupCommit

    /// The machinery over `writer`, made once per opened file.
    public init(_ writer: any DatabaseWriter) {
        self.writer = writer
        reads = LocalReads(writer)
        commits = GroupCommit(writer)
    }

    /// Moves everything the write-ahead log holds into the file and closes every connection, so a
    /// stopped process leaves the whole database in the one file: a copy of it without its `-wal`
    /// (a fixture, a bug report, `docker cp`) is complete, and the next start has no log to
    /// replay. Call it after the last read and write.
    public func close() throws {
        reads.close()
        try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try writer.close()
    }
}

extension [Domain] {
    /// Every store of these domains for `place`, made by `make` on one backend, as one setter.
    func stores(_ make: (DomainStore) -> StoreSetter) -> StoreSetter {
        let setters = compactMap { $0.store.map(make) }
        return { values in
            for setter in setters { setter(&values) }
        }
    }
}
