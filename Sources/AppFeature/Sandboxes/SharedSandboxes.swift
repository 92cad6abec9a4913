/// The sandbox records several instances share: the one every request checks first, and the last
/// use idle expiry goes by (architecture.md §4.5).
///
/// A seam, so the app names no database: the PostgreSQL build supplies it (`AppPostgres`).
public protocol SharedSandboxes: Sendable {
    /// The recorded generation of `name` and its data versions, in one round trip (a second records
    /// a use at `now` when none was recorded since `since`); `nil` when no instance has it.
    func confirm(_ name: SandboxName, usedAt now: Int64, unlessUsedSince since: Int64) async throws
        -> SandboxConfirmation?
    /// Drops `record`'s sandbox unless it was used since `cutoff`; says whether it did.
    func drop(_ record: SandboxRecord, ifUnusedSince cutoff: Int64) async throws -> Bool
    /// The sandboxes no instance used since `cutoff`.
    func idle(before cutoff: Int64) async throws -> [SandboxRecord]
}
