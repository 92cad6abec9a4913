/// A request journal kept in the database every instance shares, so the console behind a load
/// balancer shows every instance's requests.
///
/// A seam, so the app names no database: the PostgreSQL build supplies it (`AppPostgres`).
public protocol SharedJournal: Sendable {
    /// Adds `entry` without waiting: the row is written in the background, in order.
    func record(_ entry: JournalEntry)
    /// The newest `limit` entries, newest first, with every entry this instance recorded before the call.
    func newest(_ limit: Int) async throws -> [JournalEntry]
    /// Forgets every entry of the sandbox.
    func removeAll() async throws
    /// Sandbox `name`'s journal of at most `capacity` entries, in the same database.
    func sandboxed(_ name: String, capacity: Int) -> any SharedJournal
}
