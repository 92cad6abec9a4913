/// Where a sandbox's request journal lives: this process's memory, or the PostgreSQL database every
/// instance shares, so the console behind a load balancer shows every instance's requests.
/// Recording never waits either way; reading and clearing are effects.
public enum JournalStore: Sendable {
    /// A ring in memory: the memory and SQLite profiles.
    case local(RequestJournal)
    /// Rows in PostgreSQL: the scale-out profile.
    case shared(any SharedJournal)

    /// Sandbox `name`'s journal of at most `capacity` entries: a ring of its own, or its rows.
    func sandboxed(_ name: String, capacity: Int) -> JournalStore {
        switch self {
        case .local: .local(RequestJournal(capacity: capacity))
        case .shared(let journal): .shared(journal.sandboxed(name, capacity: capacity))
        }
    }

    /// Adds `entry` without waiting.
    func record(_ entry: JournalEntry) {
        switch self {
        case .local(let journal): journal.record(entry)
        case .shared(let journal): journal.record(entry)
        }
    }

    /// The newest `limit` entries, newest first; in the shared journal, with every entry this
    /// instance recorded before the call.
    func newest(_ limit: Int) async throws -> [JournalEntry] {
        switch self {
        case .local(let journal): journal.newest(limit)
        case .shared(let journal): try await journal.newest(limit)
        }
    }

    /// Forgets every entry.
    func removeAll() async throws {
        switch self {
        case .local(let journal): journal.removeAll()
        case .shared(let journal): try await journal.removeAll()
        }
    }
}
