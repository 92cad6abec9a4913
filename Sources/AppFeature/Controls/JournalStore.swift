import Logging

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

    /// Every entry recorded from now on, as the console's stream shows them. In memory, each as it
    /// is recorded; in the shared journal, which any instance writes, what its newest entries show
    /// every `interval` — one read per stream, instead of one per console and second.
    func recorded(pollingEvery interval: Duration, clock: any Clock<Duration>) -> AsyncStream<JournalEntry> {
        switch self {
        case .local(let journal):
            return journal.subscribe()
        case .shared(let journal):
            return AsyncStream { continuation in
                let polling = Task {
                    // What the last read showed; the first read only sets it, so the stream starts now.
                    var seen: Set<String>?
                    while !Task.isCancelled {
                        if let newest = await Self.newest(of: journal) {
                            if let seen {
                                for entry in newest.reversed() where !seen.contains(entry.id) {
                                    continuation.yield(entry)
                                }
                            }
                            seen = Set(newest.map(\.id))
                        }
                        try? await clock.sleep(for: interval)
                    }
                }
                continuation.onTermination = { _ in polling.cancel() }
            }
        }
    }

    /// The shared journal's newest entries, or `nil` — logged — when it cannot be read now.
    private static func newest(of journal: any SharedJournal) async -> [JournalEntry]? {
        do {
            return try await journal.newest(pollWindow)
        } catch {
            logger.warning(
                "Could not read the shared journal for the console's stream; trying again",
                metadata: ["reason": "\(error)"])
            return nil
        }
    }

    /// How many of the shared journal's newest entries a poll reads: more than a second of a demo's
    /// requests.
    private static let pollWindow = 200
    private static let logger = Logger(label: "counterpart.journal")
}
