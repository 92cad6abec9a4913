import AppFeature
import CasePathsCore
import Clocks
import Dependencies
import HTTPKit
import ReducersTesting
import Testing

/// The journal's stream as a long-living effect, step by step: it opens at once, each recorded
/// entry is one chunk, and the console leaving ends the effect.
@Suite("JournalEventsFeature reducer")
struct JournalEventsFeatureTests {
    @Test("opens at once; an entry is one event; leaving ends the effect")
    func stream() async throws {
        let (journal, clock) = (RequestJournal(), Clocks.TestClock<Duration>())
        let store = TestStore(initialState: JournalEventsFeature.State()) {
            JournalEventsFeature()
        } withDependencies: {
            $0.demoControls = DemoControls(journal: .local(journal))
            $0.continuousClock = clock
        }
        await store.send(JournalEventsFeature.Request()) {
            $0.response = .eventStream()
            $0.stream = StreamedBody()
        }
        let entry = JournalEntry(
            id: "r1", method: "GET", path: "/todos", query: nil, status: 200, outcome: .completed,
            receivedAt: .seedEpoch, durationMilliseconds: 1.5, injectedDelayMilliseconds: 0, preferenceApplied: nil)
        while journal.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        journal.record(entry)
        await store.receive(\.internal.recorded) {
            var writer = JSONWriter()
            entry.write(to: &writer)
            $0.stream?.send(ServerSentEvent.event(id: nil, data: writer.bytes))
        }
        store.cancelAll()
        await store.finish()
        #expect(journal.subscriberCount == 0, "the feed's effect was cancelled with the stream")
    }
}
