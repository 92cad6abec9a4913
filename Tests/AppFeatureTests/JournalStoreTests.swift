@testable import AppFeature
import CounterpartTestSupport
import HTTPKit
import PostgresStorage
import Testing

/// The request journal's rules, held alike by the ring in memory and the rows in PostgreSQL; and
/// the shared journal seen from two instances (two pools on one database).
@Suite("Request journal: in memory and in PostgreSQL")
struct JournalStoreTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case memory, postgres
        var testDescription: String { rawValue }

        /// The default sandbox's journal and sandbox `b`'s, both keeping `capacity` entries.
        func journals(capacity: Int) async throws -> (JournalStore, JournalStore) {
            let store: JournalStore =
                switch self {
                case .memory: .local(RequestJournal(capacity: capacity))
                case .postgres:
                    .shared(
                        SharedJournal(
                            try await TestPostgres.migratedBackend([]), sandbox: "default", capacity: capacity))
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

    @Test("an entry reads back field for field, whichever instance wrote it")
    func sharedAcrossInstances() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let a = SharedJournal(backend, sandbox: "default")
        let b = SharedJournal(try await TestPostgres.backend(at: backend.url), sandbox: "default")
        let first = JournalEntry(
            id: "a1", method: "POST", path: "/todos", query: "fail=2", status: 503, outcome: .completed,
            receivedAt: Timestamp(secondsSince1970: 1_764_000_000), durationMilliseconds: 12.345,
            injectedDelayMilliseconds: 10, preferenceApplied: "fail=2")
        a.record(first)
        _ = try await a.newest(1)
        b.record(Self.entry("b1"))
        #expect(try await b.newest(10) == [Self.entry("b1"), first])
        #expect(try await a.newest(10).map(\.id) == ["b1", "a1"], "instance A reads B's entry too")
    }

    @Test("many entries recorded at once are all written, in order, within capacity")
    func burst() async throws {
        let journal = SharedJournal(try await TestPostgres.migratedBackend([]), sandbox: "default", capacity: 50)
        for index in 0..<500 { journal.record(Self.entry("\(index)")) }
        let newest = try await journal.newest(100)
        #expect(newest.map(\.id) == (450..<500).reversed().map(String.init))
    }

    static func entry(
        _ id: String, status: Int? = 200, outcome: JournalEntry.Outcome = .completed
    ) -> JournalEntry {
        JournalEntry(
            id: id, method: "GET", path: "/todos", query: nil, status: status, outcome: outcome,
            receivedAt: .seedEpoch, durationMilliseconds: 1.5, injectedDelayMilliseconds: 0, preferenceApplied: nil)
    }
}
