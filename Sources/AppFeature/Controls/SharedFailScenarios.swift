/// `fail=N` counts kept in the database every instance shares, so "fail the next N" counts requests
/// across a cluster (api.md §6.1).
///
/// A seam, so the app names no database: the PostgreSQL build supplies it (`AppPostgres`).
public protocol SharedFailScenarios: Sendable {
    /// Counts one more request of `scenario` and says whether it is among the first `failures`.
    func shouldFail(_ scenario: String, failures: Int) async throws -> Bool
    /// Forgets every scenario of the sandbox.
    func removeAll() async throws
    /// The counts of sandbox `name`, in the same database.
    func sandboxed(_ name: String) -> any SharedFailScenarios
}
