@testable import AppFeature
import CounterpartTestSupport
import HTTPKit
#if PostgreSQL
import AppPostgres
#endif
import Testing

/// The request journal's rules, held alike by the ring in memory and the rows in PostgreSQL; and
/// the shared journal seen from two instances (two pools on one database).
@Suite("Request journal: in memory and in PostgreSQL")
struct JournalStoreTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case memory
        #if PostgreSQL
        case postgres
        #endif
        var testDescription: String { rawValue }

        /// The default sandbox's journal and sandbox `b`'s, both keeping `capacity` entries.
        func journals(capacity: Int) async throws -> (JournalStore, JournalStore) {
            let store: JournalStore =
                switch self {
                case .memory: .local(RequestJournal(capacity: capacity))
                #if PostgreSQL
                case .postgres:
                    .shared(
                        PostgresJournal(
                            try await TestPostgres.migratedBackend([]), sandbox: "default", capacity: capacity))
                #endif
                }
            return (store, store.sandboxed("b", capacity: capacity))
        }
    }

    @Test("keeps the newest entries, newest first; each sandbox its own; cleared", arguments: Backend.allCases)
    func ring(_ backend: Backend) async throws {
        let (journal, other) = try await backend.journals(capacity: 3)
        for index in 0..<5 { journal.record(Self.entry("\(index)")) }
        other.record(Self.entry("b0", status: nil, outcome: .cancelled))
        #expect(try await journal.newest(10).map(\.id) == ["4", "3", "2"])
        #expect(try await journal.newest(2).map(\.id) == ["4", "3"])
        #expect(try await other.newest(10) == [Self.entry("b0", status: nil, outcome: .cancelled)])
        try await journal.removeAll()
        #expect(try await journal.newest(10).isEmpty)
        #expect(try await other.newest(10).count == 1, "clearing one sandbox's journal leaves the others'")
    }

    static func entry(
        _ id: String, status: Int? = 200, outcome: JournalEntry.Outcome = .completed
    ) -> JournalEntry {
        JournalEntry(
            id: id, method: "GET", path: "/todos", query: nil, status: status, outcome: outcome,
            receivedAt: .seedEpoch, durationMilliseconds: 1.5, injectedDelayMilliseconds: 0, preferenceApplied: nil)
    }
}
