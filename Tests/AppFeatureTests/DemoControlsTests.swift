import AppFeature
import HTTPKit
import HTTPTypes
import Synchronization
import Testing

@Suite("Demo controls: Prefer parsing, scenarios, seeded draws, the journal ring")
struct DemoControlsTests {
    @Test("Prefer: case-insensitive names, quoted values, parameters dropped, first occurrence wins")
    func preferences() {
        var headers = HTTPFields()
        headers.append(HTTPField(name: .prefer, value: #"Delay=800; foo=bar, status="503", respond-async"#))
        headers.append(HTTPField(name: .prefer, value: "delay=100, fail=2, bad value, =x"))
        let preferences = Preferences(headers)
        #expect(preferences["delay"] == .some("800"))
        #expect(preferences["status"] == .some("503"))
        #expect(preferences["respond-async"] == .some(nil))
        #expect(preferences["fail"] == .some("2"))
        #expect(preferences.entries.map(\.name) == ["delay", "status", "respond-async", "fail"])
    }

    @Test("twins beat the header; each value is checked and its reason kept")
    func demoPreferences() {
        let headers: HTTPFields = [.prefer: "delay=100, status=503, fault=hang, scenario=login"]
        let preferences = DemoPreferences(headers: headers, query: "q=x&__status=429&__fail=3&__delay=9001")
        #expect(preferences.delay == nil)
        #expect(preferences.status == 429)
        #expect(preferences.fail == 3)
        #expect(preferences.fault == .hang)
        #expect(preferences.scenario == "login")
        #expect(preferences.ignored == ["delay=9001: over the 8000 ms limit"])
        #expect(DemoPreferences(headers: [:], query: "__delay=200-800").delay == 200...800)
        #expect(!DemoPreferences(headers: [:], query: "__delay=5").asksForFailure)
        #expect(DemoPreferences(headers: [.prefer: "fault=hang"], query: nil).asksForFailure)
    }

    @Test("a scenario fails its first N requests and is forgotten after 60 s idle")
    func scenarios() {
        let now = Mutex(ContinuousClock.now)
        let scenarios = FailScenarios(now: { now.withLock { $0 } })
        #expect((0..<3).map { _ in scenarios.shouldFail("a", failures: 2) } == [true, true, false])
        now.withLock { $0 = $0.advanced(by: .seconds(59)) }
        #expect(!scenarios.shouldFail("a", failures: 2), "59 s idle is remembered")
        now.withLock { $0 = $0.advanced(by: .seconds(61)) }
        #expect(scenarios.shouldFail("a", failures: 2), "61 s idle starts again")
        scenarios.removeAll()
        #expect(scenarios.shouldFail("a", failures: 1))
    }

    @Test("draws depend on the seed, the request's number and the purpose only")
    func draws() {
        let draw = RequestDraws(seed: 1, sequence: 7)
        #expect(draw.unit(.fault) == RequestDraws(seed: 1, sequence: 7).unit(.fault))
        #expect(draw.unit(.fault) != RequestDraws(seed: 1, sequence: 8).unit(.fault))
        #expect(draw.unit(.fault) != draw.unit(.latency))
        let delays = (0..<1_000).map { RequestDraws(seed: 3, sequence: $0).integer(in: 200...800, for: .latency) }
        #expect(delays.min() == 200 && delays.max() == 800)
    }

    @Test("the journal keeps the newest entries, newest first")
    func ring() {
        let journal = RequestJournal(capacity: 3)
        for index in 0..<5 {
            journal.record(
                JournalEntry(
                    id: "\(index)", method: "GET", path: "/", query: nil, status: 200, outcome: .completed,
                    receivedAt: .seedEpoch, durationMilliseconds: 1, injectedDelayMilliseconds: 0,
                    preferenceApplied: nil))
        }
        #expect(journal.newest(10).map(\.id) == ["4", "3", "2"])
        #expect(journal.newest(2).map(\.id) == ["4", "3"])
    }
}
