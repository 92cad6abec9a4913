import Foundation
import Synchronization

/// One todo store's change feed: every committed change becomes a `TodoEvent`, kept in a bounded
/// history that every subscriber reads at its own pace.
///
/// A subscriber names the last event it saw (`Last-Event-ID`) and gets what it missed, then every
/// new event, with nothing twice and nothing out of order: each subscriber is a place in the one
/// history, and each read hands it everything after that place at once. So a subscriber that was
/// busy while several writes committed gets them in one batch (one chunk, one write to its socket)
/// rather than one at a time, and the events are held once however many listen. One whose place is
/// older than the history — it resumed too late, or it fell further behind than the history keeps,
/// or its id is from another history — gets a single `refetch` instead. Thread-safe: writes publish
/// from any loop, and each subscriber reads on its own.
///
/// A log either numbers the events it is given (`publish`, one process's store) or copies a
/// history numbered elsewhere (`append`, PostgreSQL's `todo_events`, which every instance copies):
/// then it catches up with that history before each subscription, so a client resuming on any
/// instance gets what the others wrote.
///
/// ```swift
/// for await events in await log.subscribe(after: lastEventID) { … }
/// ```
public final class TodoEventLog: Sendable {
    /// The most events kept for clients that reconnect (`--event-history`).
    public let historyLength: Int
    /// When this history began: the epoch of its ids.
    public let epoch: Int64
    /// Brings a copy up to date with the history it copies; `nil` for a log that numbers its own.
    private let catchUp: (@Sendable (TodoEventLog) async -> Void)?
    private let state: Mutex<State>

    private struct State: ~Copyable {
        /// The history, oldest first, at most `historyLength` long.
        var history: [TodoEvent] = []
        /// The sequence of the last event, 0 before the first.
        var last: Int64 = 0
        var readers: [Int: Reader] = [:]
        var nextReader = 0
        /// Whether the store is gone: every subscription ends.
        var isClosed = false
    }

    /// One subscriber's place in the history, and its read waiting for the next event.
    private struct Reader {
        /// The sequence of the last event handed to it.
        var place: Int64
        /// Whether its next batch is a `refetch`: its place is not in this history.
        var mustRefetch = false
        var waiting: UnsafeContinuation<[TodoEvent]?, Never>?
    }

    /// An empty history of at most `historyLength` events, begun now.
    public init(historyLength: Int = TodoEventSettings().historyLength) {
        self.historyLength = max(1, historyLength)
        epoch = Self.newEpoch()
        catchUp = nil
        state = Mutex(State())
    }

    /// An empty copy of the history begun at `epoch`, which `catchUp` fills (with `append`) before
    /// each subscription; it keeps the last `historyLength` events.
    public init(
        copying epoch: Int64, historyLength: Int, catchUp: @escaping @Sendable (TodoEventLog) async -> Void
    ) {
        self.historyLength = max(1, historyLength)
        self.epoch = epoch
        self.catchUp = catchUp
        state = Mutex(State())
    }

    /// The id of the last event, or the place before the first.
    public var lastID: TodoEventID {
        TodoEventID(epoch: epoch, sequence: state.withLock { $0.last })
    }

    /// The sequence of the last event; 0 before the first. A copy reads what follows it.
    public var lastSequence: Int64 { state.withLock { $0.last } }

    /// How many subscribers are listening now.
    public var subscriberCount: Int { state.withLock { $0.readers.count } }

    /// Records `change` as the next event and wakes every subscriber waiting for one.
    public func publish(_ change: TodoEvent.Change) {
        record(change).resume()
    }

    /// Records `change` as the next event and returns the subscribers waiting for one, to wake
    /// once the caller has let go of its own lock: a store records under the lock that orders its
    /// writes, and waking a thousand subscribers there would hold up its readers.
    public func record(_ change: TodoEvent.Change) -> Wakeups {
        state.withLock { state in
            state.last += 1
            let event = TodoEvent(id: TodoEventID(epoch: epoch, sequence: state.last), change: change)
            if state.history.count == historyLength { state.history.removeFirst() }
            state.history.append(event)
            return Self.wakeWaiting(&state, epoch: epoch)
        }
    }

    /// Subscribers taken off their wait with their next batch, to be handed it.
    public struct Wakeups: Sendable {
        fileprivate var readers: [(UnsafeContinuation<[TodoEvent]?, Never>, [TodoEvent])] = []

        /// Hands each subscriber its batch.
        public func resume() {
            for (reader, batch) in readers { reader.resume(returning: batch) }
        }
    }

    /// Adds events of the history this log copies, oldest first, and wakes every subscriber waiting
    /// for one; those it holds already are skipped, so copies racing to catch up deliver each event
    /// once. Events that do not follow on from the last one — more happened while this instance was
    /// not listening than the history keeps — start the history afresh, and a subscriber whose place
    /// is before them gets a `refetch`.
    public func append(_ events: [TodoEvent]) {
        state.withLock { state -> Wakeups in
            let last = state.last
            let new = Array(events.drop { $0.id.sequence <= last })
            guard let first = new.first, let newest = new.last else { return Wakeups() }
            if last == 0 {
                // A copy's first events: nothing came before them here, so whoever waits at the
                // start has missed nothing (a sandbox made anew numbers on from its old versions).
                for key in state.readers.keys where state.readers[key]?.place == 0 {
                    state.readers[key]?.place = first.id.sequence - 1
                }
            } else if first.id.sequence != last + 1 {
                state.history = []
            }
            state.history.append(contentsOf: new)
            if state.history.count > historyLength { state.history.removeFirst(state.history.count - historyLength) }
            state.last = newest.id.sequence
            return Self.wakeWaiting(&state, epoch: epoch)
        }.resume()
    }

    /// The events after `lastSeen` that are still in the history, then every new one; each batch
    /// holds everything that committed since the one before. Without `lastSeen`, only new ones; with
    /// one the history no longer holds (or from another history), a single `refetch` at the current
    /// place first. Ends when the log is closed. A copy catches up with its history first.
    public func subscribe(after lastSeen: TodoEventID?) async -> TodoEventFeed {
        await catchUp?(self)
        let key = state.withLock { state -> Int? in
            guard !state.isClosed else { return nil }
            let key = state.nextReader
            state.nextReader += 1
            var reader = Reader(place: state.last)
            if let lastSeen {
                if let place = Self.place(of: lastSeen, in: state.history, last: state.last, epoch: epoch) {
                    reader.place = place
                } else {
                    reader.mustRefetch = true
                }
            }
            state.readers[key] = reader
            return key
        }
        return TodoEventFeed(log: self, reader: key)
    }

    /// The next batch for the subscriber `key` — at once when events wait for it, else when the
    /// next commits — or `nil` once its subscription has ended (the log closed, the task cancelled).
    func next(for key: Int) async -> [TodoEvent]? {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<[TodoEvent]?, Never>) in
                let ready = state.withLock { state -> [TodoEvent]?? in
                    guard var reader = state.readers[key] else { return .some(nil) }
                    if state.isClosed {
                        state.readers[key] = nil
                        return .some(Self.refetch(at: state.last, epoch: epoch))
                    }
                    if let batch = Self.take(&reader, history: state.history, last: state.last, epoch: epoch) {
                        state.readers[key] = reader
                        return .some(batch)
                    }
                    precondition(
                        reader.waiting == nil,
                        "Two tasks read one TodoEventFeed at once; give each its own subscription.")
                    reader.waiting = continuation
                    state.readers[key] = reader
                    return .none
                }
                if case .some(let batch) = ready { continuation.resume(returning: batch) }
            }
        } onCancel: {
            leave(key)
        }
    }

    /// Forgets the subscriber `key`; a read it was waiting on ends.
    func leave(_ key: Int) {
        let waiting = state.withLock { $0.readers.removeValue(forKey: key)?.waiting }
        waiting?.resume(returning: nil)
    }

    /// Ends every subscription: each open one with a last `refetch`, each later one at once. The
    /// store is gone (its sandbox was dropped), and a client that reconnects reads the one made in
    /// its place.
    public func close() {
        let (waiting, last) = state.withLock { state in
            state.isClosed = true
            let waiting = state.readers.compactMap { key, reader in reader.waiting.map { (key, $0) } }
            for (key, _) in waiting { state.readers[key] = nil }
            return (waiting.map(\.1), state.last)
        }
        for reader in waiting { reader.resume(returning: Self.refetch(at: last, epoch: epoch)) }
    }

    /// Hands each waiting subscriber what follows its place, and stops it waiting.
    private static func wakeWaiting(_ state: inout State, epoch: Int64) -> Wakeups {
        var woken = Wakeups()
        for (key, var reader) in state.readers {
            guard let waiting = reader.waiting,
                let batch = take(&reader, history: state.history, last: state.last, epoch: epoch)
            else { continue }
            reader.waiting = nil
            state.readers[key] = reader
            woken.readers.append((waiting, batch))
        }
        return woken
    }

    /// What follows `reader`'s place, moving it to the end; `nil` when nothing does.
    private static func take(_ reader: inout Reader, history: [TodoEvent], last: Int64, epoch: Int64) -> [TodoEvent]? {
        defer {
            reader.place = last
            reader.mustRefetch = false
        }
        let first = history.first?.id.sequence ?? last + 1
        if reader.mustRefetch || reader.place < first - 1 { return refetch(at: last, epoch: epoch) }
        guard reader.place < last else { return nil }
        let start = Int(reader.place - first + 1)
        // The history is contiguous, so `start` is in it; a table edited by hand could break that,
        // and a refetch is then the honest answer.
        guard start >= 0, start < history.count, history[start].id.sequence == reader.place + 1 else {
            return refetch(at: last, epoch: epoch)
        }
        return Array(history[start...])
    }

    /// A single `refetch` at `last`: the batch for a subscriber whose place is not in the history, or
    /// whose store is gone.
    private static func refetch(at last: Int64, epoch: Int64) -> [TodoEvent] {
        [TodoEvent(id: TodoEventID(epoch: epoch, sequence: last), change: .refetch)]
    }

    /// The place `lastSeen` names in the history, or `nil` when the history cannot say: another
    /// epoch, a place older than the history's first event, or one not reached yet.
    private static func place(of lastSeen: TodoEventID, in history: [TodoEvent], last: Int64, epoch: Int64)
        -> Int64?
    {
        guard lastSeen.epoch == epoch, lastSeen.sequence <= last else { return nil }
        let first = history.first?.id.sequence ?? last + 1
        guard lastSeen.sequence >= first - 1 else { return nil }
        return lastSeen.sequence
    }

    private static let lastEpoch = Atomic<Int64>(0)

    /// Now in milliseconds, or one past the last epoch handed out if that is later: two histories
    /// begun in the same millisecond still differ.
    private static func newEpoch() -> Int64 {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        while true {
            let last = lastEpoch.load(ordering: .relaxed)
            let next = max(now, last + 1)
            if lastEpoch.compareExchange(expected: last, desired: next, ordering: .relaxed).exchanged { return next }
        }
    }
}
