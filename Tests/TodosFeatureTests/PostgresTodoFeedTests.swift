#if PostgreSQL
import CounterpartTestSupport
import Foundation
import Synchronization
import PostgresNIO
import PostgresStorage
import Testing
import TodosFeature
import TodosPostgres

/// The todos' change feed across instances (issue #40, item 3): two pools and two feeds on one
/// database, as two servers behind nginx hold them. A write through one reaches the other's
/// subscribers, a client resumes on either, and a feed whose `LISTEN` connection dropped reads what
/// it missed when it comes back.
@Suite("Todos' change feed on PostgreSQL, shared by instances")
struct PostgresTodoFeedTests {
    /// One instance: its store and its feed.
    struct Instance {
        var store: TodoRepository
        var feed: PostgresTodoFeed
        var backend: PostgresBackend
    }

    static func twoInstances(history: Int = 100) async throws -> (Instance, Instance) {
        let first = try await TestPostgres.migratedBackend(TodosMigrations.postgres)
        let second = try await TestPostgres.backend(at: first.url)
        var instances: [Instance] = []
        for backend in [first, second] {
            instances.append(
                Instance(
                    store: .postgres(backend, history: history),
                    feed: try await PostgresTodoFeed.listening(to: backend, historyLength: history), backend: backend))
        }
        return (instances[0], instances[1])
    }

    @Test("a write through one instance reaches a subscriber of the other, numbered in commit order")
    func acrossInstances() async throws {
        let (writer, reader) = try await Self.twoInstances()
        let copy = reader.feed.copy(of: "default")
        let events = Subscriber(await copy.subscribe(after: nil))
        _ = try await writer.store.write(
            .create(TodoDraft(description: "Milk"), newID: Fixtures.id(1), now: Fixtures.now))
        let milk = try await reader.store.fetch(Fixtures.id(1))
        _ = try await writer.store.write(.delete(id: Fixtures.id(1), .none))
        var received: [TodoEvent] = []
        while received.count < 2 { received += try await events.next() }
        #expect(received.map(\.change) == [.created(milk), .deleted([Fixtures.id(1)])])
        #expect(received[1].id.sequence == received[0].id.sequence + 1)
    }

    @Test("a client resumes on another instance than the one it read from: the history is the table's")
    func resumeElsewhere() async throws {
        let (first, second) = try await Self.twoInstances()
        _ = try await first.store.write(.importAll([Fixtures.todo(1)]))
        let copy = first.feed.copy(of: "default")
        let reading = Subscriber(await copy.subscribe(after: nil))
        _ = try await first.store.write(.delete(id: Fixtures.id(1), .none))
        let seen = try #require(try await reading.next().last?.id, "the client read an event on the first")
        _ = try await first.store.write(.importAll([Fixtures.todo(2)]))
        let resumed = Subscriber(await second.feed.copy(of: "default").subscribe(after: seen))
        #expect(try await resumed.next().map(\.change) == [.refetch], "only what came after, from the table")
    }

    @Test("a feed whose LISTEN connection dropped reads what was written meanwhile when it is back")
    func listenDropped() async throws {
        let (writer, reader) = try await Self.twoInstances()
        let copy = reader.feed.copy(of: "default")
        let events = Subscriber(await copy.subscribe(after: nil))
        try await Self.dropListeners(writer.backend)
        _ = try await writer.store.write(.importAll([Fixtures.todo(1)]))
        #expect(try await events.next().map(\.change) == [.refetch])
    }

    /// Ends every `LISTEN` connection to this test's database, and returns once none is left: a
    /// write after it is committed while nobody listens.
    static func dropListeners(_ backend: PostgresBackend) async throws {
        while true {
            let left = try await backend.withConnection { connection in
                let rows = try await connection.query(
                    """
                    SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                    WHERE application_name = \(PostgresBackend.listenerName) AND datname = current_database()
                    """, logger: connection.logger)
                for try await count in rows.decode(Int.self) { return count }
                return 0
            }
            if left == 0 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// A subscription read by a task of its own, so a test waits for its next batch with a bound.
    final class Subscriber: Sendable {
        private let batches = Mutex<[[TodoEvent]]>([])
        private let reading = Mutex<Task<Void, Never>?>(nil)

        init(_ stream: TodoEventFeed) {
            let task = Task { [weak self] in
                for await batch in stream { self?.batches.withLock { $0.append(batch) } }
            }
            reading.withLock { $0 = task }
        }

        deinit { reading.withLock { $0?.cancel() } }

        /// The next batch; a failure once 30 s pass without one, the bound only a broken feed meets.
        func next() async throws -> [TodoEvent] {
            let giveUp = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < giveUp {
                let batch = batches.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                if let batch { return batch }
                try await Task.sleep(for: .milliseconds(5))
            }
            throw FeedTimeout()
        }
    }

    struct FeedTimeout: Error, CustomStringConvertible {
        var description: String { "no event within 30 s: the feed did not deliver" }
    }
}
#endif
