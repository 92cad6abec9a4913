public import HTTPKit
public import NewsletterFeature

/// What instances sharing one database share besides their repositories (architecture.md §6): the
/// default sandbox's idempotency keys, `fail=N` counts, rate windows, journal and outbox, the sweep
/// that keeps their tables bounded, and the connections to let go at shutdown.
///
/// Exists so `AppDatabase` names no database engine: the PostgreSQL build fills it in (`AppPostgres`);
/// in the embedded build no `AppDatabase` has one, and each of these lives in the process.
public struct SharedStores: Sendable {
    /// The default sandbox's idempotency keys.
    public var idempotencyKeys: any SharedIdempotencyStore
    /// The default sandbox's `fail=N` counts.
    public var failScenarios: any SharedFailScenarios
    /// The default sandbox's rate-limit windows.
    public var rateWindows: any RateWindowStore
    /// The default sandbox's request journal.
    public var journal: any SharedJournal
    /// The default sandbox's outbox.
    public var outbox: any SharedOutbox
    /// Deletes the shared tables' expired rows as of `now` (Unix milliseconds); `serve` runs it once a
    /// minute.
    public var sweep: @Sendable (_ now: Int64) async throws -> Void
    /// Closes the connections.
    public var close: @Sendable () async -> Void

    /// Gathers the stores of one shared database.
    public init(
        idempotencyKeys: any SharedIdempotencyStore, failScenarios: any SharedFailScenarios,
        rateWindows: any RateWindowStore, journal: any SharedJournal, outbox: any SharedOutbox,
        sweep: @escaping @Sendable (_ now: Int64) async throws -> Void, close: @escaping @Sendable () async -> Void
    ) {
        self.idempotencyKeys = idempotencyKeys
        self.failScenarios = failScenarios
        self.rateWindows = rateWindows
        self.journal = journal
        self.outbox = outbox
        self.sweep = sweep
        self.close = close
    }
}
