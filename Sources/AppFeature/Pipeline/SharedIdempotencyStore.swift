public import HTTPKit

/// `IdempotencyStore`'s rules kept in the database every instance shares, so a key used on one
/// instance is known to all (architecture.md §6): a retry that lands elsewhere replays the answer,
/// or gets 409 while the first request still runs anywhere.
///
/// A seam, so the app names no database: the PostgreSQL build supplies it (`AppPostgres`), and the
/// embedded build, whose one process owns the data, never needs it.
public protocol SharedIdempotencyStore: Sendable {
    /// Decides what to do with a request in `scope` whose body has `fingerprint`.
    func begin(scope: String, fingerprint: [UInt8]) async throws -> IdempotencyStore.Decision
    /// Stores the answer to the request that began `scope`, before it is sent.
    func complete(scope: String, with response: Response) async throws
    /// Releases a key whose request ended without an answer of its own.
    func abandon(scope: String) async throws
    /// Forgets every key of the sandbox (`POST /__admin/reset`, a dropped sandbox).
    func removeAll() async throws
    /// The keys of sandbox `name`, in the same database.
    func sandboxed(_ name: String) -> any SharedIdempotencyStore
}
