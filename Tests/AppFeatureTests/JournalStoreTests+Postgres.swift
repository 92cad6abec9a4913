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

    @Test("the console's stream of the shared journal shows what another instance records after it opens, once")
    func streamedAcrossInstances() async throws {
        let backend = try await TestPostgres.migratedBackend([])
        let reader = JournalStore.shared(PostgresJournal(backend, sandbox: "default"))
        let writer = PostgresJournal(try await TestPostgres.backend(at: backend.url), sandbox: "default")
        writer.record(Self.entry("before"))
        _ = try await writer.newest(1)
        // Entries keep coming after the stream opens; the first it shows must be one of them.
        let writing = Task {
            for index in 0..<600 {
                writer.record(Self.entry("after-\(index)"))
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        let first = await withTaskGroup(of: String?.self) { group in
            group.addTask {
                var stream = reader.recorded(pollingEvery: .milliseconds(20), clock: ContinuousClock())
                    .makeAsyncIterator()
                return await stream.next()?.id
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        writing.cancel()
        #expect(
            first?.hasPrefix("after-") == true,
            "not the entry recorded before the stream opened: \(String(describing: first))")
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
