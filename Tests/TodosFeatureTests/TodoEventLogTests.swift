import Foundation
import Testing

@testable import TodosFeature

/// The change feed's promises: a subscriber gets what it missed and then every new event, nothing
/// twice and nothing out of order; a place the history no longer holds becomes one `refetch`.
@Suite("TodoEventLog")
struct TodoEventLogTests {
    static let ids = (1...5).map { UUID(uuidString: "00000000-0000-4000-8000-00000000000\($0)") ?? UUID() }

    /// The next batch `events` hands out, or `nil` once it has ended.
    func next(_ events: inout TodoEventFeed.Iterator) async -> [TodoEvent]? {
        await events.next()
    }

    @Test("resuming after an event in the history gets every later one, then the live ones, in order")
    func resume() async {
        let log = TodoEventLog(historyLength: 10)
        for id in Self.ids.prefix(3) { log.publish(.deleted([id])) }
        var events = await log.subscribe(after: TodoEventID(epoch: log.epoch, sequence: 1)).makeAsyncIterator()
        #expect(await next(&events)?.map(\.id.sequence) == [2, 3], "missed, in one batch")
        log.publish(.deleted([Self.ids[3]]))
        #expect(await next(&events)?.map(\.change) == [.deleted([Self.ids[3]])], "then live")
    }

    @Test("what commits while a subscriber is busy reaches it as one batch, in order")
    func batched() async {
        let log = TodoEventLog()
        var events = await log.subscribe(after: nil).makeAsyncIterator()
        for id in Self.ids.prefix(3) { log.publish(.deleted([id])) }
        #expect(await next(&events)?.map(\.id.sequence) == [1, 2, 3])
        log.publish(.refetch)
        #expect(await next(&events)?.map(\.id.sequence) == [4])
    }

    @Test("a subscriber further behind than the history gets one refetch in place of what it missed")
    func fellBehind() async {
        let log = TodoEventLog(historyLength: 2)
        var events = await log.subscribe(after: nil).makeAsyncIterator()
        for id in Self.ids.prefix(3) { log.publish(.deleted([id])) }
        #expect(await next(&events) == [TodoEvent(id: TodoEventID(epoch: log.epoch, sequence: 3), change: .refetch)])
        log.publish(.deleted([Self.ids[3]]))
        #expect(await next(&events)?.map(\.id.sequence) == [4], "then live again")
    }

    @Test("an event is rendered once per base URL a todo's URL needs, however many subscribers read it")
    func renderedOnce() {
        let updated = TodoEvent(id: TodoEventID(epoch: 1, sequence: 1), change: .updated(TodosSeed.demo[0]))
        let first = updated.serverSent(baseURL: "http://a")
        var rendered = 0
        #expect(
            updated.renderings.bytes(for: "http://a") {
                rendered += 1; return []
            } == first)
        #expect(rendered == 0, "the second subscriber on http://a shares the first one's bytes")
        #expect(String(decoding: updated.serverSent(baseURL: "http://b"), as: UTF8.self).contains("http://b/todos/"))
        let deleted = TodoEvent(id: TodoEventID(epoch: 1, sequence: 2), change: .deleted([Self.ids[0]]))
        #expect(deleted.serverSent(baseURL: "http://a") == deleted.serverSent(baseURL: "http://b"))
        #expect(
            deleted.renderings.bytes(for: "") {
                rendered += 1; return []
            } != [], "ids: one rendering for all")
        #expect(rendered == 0)
    }

    @Test("a first connection gets only what comes after it")
    func fromNow() async {
        let log = TodoEventLog()
        log.publish(.refetch)
        var events = await log.subscribe(after: nil).makeAsyncIterator()
        log.publish(.deleted([Self.ids[0]]))
        #expect(await next(&events)?.map(\.id) == [TodoEventID(epoch: log.epoch, sequence: 2)])
    }

    @Test(
        "a place older than the history, from another history or not reached yet becomes one refetch at the current place",
        arguments: [(0, 1), (0, 2), (-1, 3), (0, 99)] as [(Int64, Int64)])
    func refetch(epochOffset: Int64, sequence: Int64) async {
        let log = TodoEventLog(historyLength: 2)
        for id in Self.ids { log.publish(.deleted([id])) }
        var events = await log.subscribe(after: TodoEventID(epoch: log.epoch + epochOffset, sequence: sequence))
            .makeAsyncIterator()
        #expect(await next(&events) == [TodoEvent(id: TodoEventID(epoch: log.epoch, sequence: 5), change: .refetch)])
    }

    @Test("the last event in the history resumes with nothing missed; the history keeps only its length")
    func edges() async {
        let log = TodoEventLog(historyLength: 2)
        for id in Self.ids.prefix(3) { log.publish(.deleted([id])) }
        var atEnd = await log.subscribe(after: log.lastID).makeAsyncIterator()
        var beforeOldest = await log.subscribe(after: TodoEventID(epoch: log.epoch, sequence: 1)).makeAsyncIterator()
        #expect(await next(&beforeOldest)?.map(\.id.sequence) == [2, 3], "1 is the place before the oldest kept")
        log.publish(.refetch)
        #expect(await next(&atEnd)?.map(\.id.sequence) == [4])
    }

    @Test("closing ends every subscription with a refetch, and later ones at once")
    func close() async {
        let log = TodoEventLog()
        var open = await log.subscribe(after: nil).makeAsyncIterator()
        log.close()
        #expect(await next(&open)?.map(\.change) == [.refetch])
        #expect(await next(&open) == nil)
        var later = await log.subscribe(after: nil).makeAsyncIterator()
        #expect(await next(&later) == nil)
        #expect(log.subscriberCount == 0)
    }

    @Test("a subscriber that stops listening is forgotten")
    func leave() async throws {
        let log = TodoEventLog()
        let listening = Task {
            for await _ in await log.subscribe(after: nil) {}
        }
        while log.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        listening.cancel()
        await listening.value
        #expect(log.subscriberCount == 0)
    }

    /// Events `first…last` of the history begun at 7, as a copy is given them.
    static func numbered(_ sequences: ClosedRange<Int64>) -> [TodoEvent] {
        sequences.map { TodoEvent(id: TodoEventID(epoch: 7, sequence: $0), change: .deleted([ids[0]])) }
    }

    @Test("a copy catches up before a subscription, so a client resuming on it gets what another wrote")
    func copyCatchesUpFirst() async {
        let log = TodoEventLog(copying: 7, historyLength: 10) { log in log.append(Self.numbered(1...4)) }
        var events = await log.subscribe(after: TodoEventID(epoch: 7, sequence: 2)).makeAsyncIterator()
        #expect(await next(&events)?.map(\.id.sequence) == [3, 4])
    }

    @Test("a copy delivers each event once when catch-ups race, in order")
    func copySkipsWhatItHolds() async {
        let log = TodoEventLog(copying: 7, historyLength: 10) { _ in }
        var events = await log.subscribe(after: nil).makeAsyncIterator()
        log.append(Self.numbered(1...3))
        log.append(Self.numbered(2...4))
        log.append(Self.numbered(1...2))
        #expect(await next(&events)?.map(\.id.sequence) == [1, 2, 3, 4])
        #expect(log.lastSequence == 4)
    }

    @Test("a copy's first events reach those who waited from its start: nothing came before them here")
    func copyStartsLate() async {
        let log = TodoEventLog(copying: 7, historyLength: 10) { _ in }
        var events = await log.subscribe(after: nil).makeAsyncIterator()
        log.append(Self.numbered(58...58))
        #expect(await next(&events)?.map(\.id.sequence) == [58], "a sandbox made anew numbers on")
    }

    @Test("events that do not follow on from the copy's last reach subscribers as a refetch, then live")
    func copyGap() async {
        let log = TodoEventLog(copying: 7, historyLength: 10) { _ in }
        log.append(Self.numbered(1...2))
        var events = await log.subscribe(after: nil).makeAsyncIterator()
        log.append(Self.numbered(6...7))
        let batch = await next(&events)
        #expect(batch?.map(\.change) == [.refetch] && batch?.map(\.id.sequence) == [7], "the list holds 6 and 7")
        log.append(Self.numbered(8...8))
        #expect(await next(&events)?.map(\.id.sequence) == [8])
        var resumed = await log.subscribe(after: TodoEventID(epoch: 7, sequence: 2)).makeAsyncIterator()
        #expect(await next(&resumed)?.map(\.change) == [.refetch], "the gap is not in the history")
    }

    @Test(
        "ids read back as written; anything else is not an id",
        arguments: ["", "1", "a-1", "1-", "-1", "1-2-3", "1-x", " 1-2"])
    func ids(malformed: String) {
        #expect(TodoEventID(malformed) == nil)
        #expect(TodoEventID("1764432000123-17") == TodoEventID(epoch: 1_764_432_000_123, sequence: 17))
    }
}
