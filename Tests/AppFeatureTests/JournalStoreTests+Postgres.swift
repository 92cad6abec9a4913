#if PostgreSQL
@testable import AppFeature
import AppPostgres
import CounterpartTestSupport
import HTTPKit
import PostgresStorage
import Testing

extension JournalStoreTests {
    @Test("an entry reads back field for field, whichever instance wrote it")
    func sharedAcrossInstances() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let a = PostgresJournal(backend, sandbox: "default")
        let b = PostgresJournal(try await TestPostgres.backend(at: backend.url), sandbox: "default")
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
        let journal = PostgresJournal(try await TestPostgres.migratedBackend([]), sandbox: "default", capacity: 50)
        for index in 0..<500 { journal.record(Self.entry("\(index)")) }
        let newest = try await journal.newest(100)
        #expect(newest.map(\.id) == (450..<500).reversed().map(String.init))
    }
}
#endif
