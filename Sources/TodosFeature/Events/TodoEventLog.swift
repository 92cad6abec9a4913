import Foundation
import Synchronization

/// One todo store's change feed: every committed change becomes a `TodoEvent`, kept in a bounded
/// history and handed to every subscriber, in order.
///
/// A subscriber names the last event it saw (`Last-Event-ID`) and gets what it missed, then every
/// new event, with nothing twice and nothing out of order: the history is read and the subscriber
/// joins under one lock, the same lock a new event is appended under. One whose place is older than
/// the history — or from another history — gets a single `refetch` instead. Thread-safe: writes
/// publish from any loop, and each subscriber reads on its own.
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
        var subscribers: [Int: AsyncStream<[TodoEvent]>.Continuation] = [:]
        var nextSubscriber = 0
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
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Records `change` as the next event and hands it to every subscriber.
    public func publish(_ change: TodoEvent.Change) {
        state.withLock { state in
            state.last += 1
            let event = TodoEvent(id: TodoEventID(epoch: epoch, sequence: state.last), change: change)
            if state.history.count == historyLength { state.history.removeFirst() }
            state.history.append(event)
            for subscriber in state.subscribers.values { subscriber.yield([event]) }
        }
    }

    /// Adds events of the history this log copies, oldest first, and hands the new ones to every
    /// subscriber; those it holds already are skipped, so copies racing to catch up deliver each
    /// event once. Events that do not follow on from the last one — more happened while this
    /// instance was not listening than the history keeps — reach subscribers after a `refetch`.
    public func append(_ events: [TodoEvent]) {
        state.withLock { state in
            let last = state.last
            let new = Array(events.drop { $0.id.sequence <= last })
            guard let first = new.first, let newest = new.last else { return }
            var delivered = new
            if last > 0, first.id.sequence != last + 1 {
                state.history = []
                let gap = TodoEventID(epoch: epoch, sequence: first.id.sequence - 1)
                delivered.insert(TodoEvent(id: gap, change: .refetch), at: 0)
            }
            state.history.append(contentsOf: new)
            if state.history.count > historyLength { state.history.removeFirst(state.history.count - historyLength) }
            state.last = newest.id.sequence
            for subscriber in state.subscribers.values { subscriber.yield(delivered) }
        }
    }

    /// The events after `lastSeen` that are still in the history, then every new one, each batch as
    /// it comes. Without `lastSeen`, only new ones; with one the history no longer holds (or from
    /// another history), a single `refetch` at the current place first. Ends when the log is closed.
    /// A copy catches up with its history first.
    public func subscribe(after lastSeen: TodoEventID?) async -> AsyncStream<[TodoEvent]> {
        await catchUp?(self)
        return joined(after: lastSeen)
    }

    private func joined(after lastSeen: TodoEventID?) -> AsyncStream<[TodoEvent]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [TodoEvent].self)
        let closed = state.withLock { state -> Bool in
            if let lastSeen {
                let missed = Self.missed(after: lastSeen, in: state.history, last: state.last, epoch: epoch)
                if let missed {
                    if !missed.isEmpty { continuation.yield(missed) }
                } else {
                    let here = TodoEventID(epoch: epoch, sequence: state.last)
                    continuation.yield([TodoEvent(id: here, change: .refetch)])
                }
            }
            guard state.nextSubscriber >= 0 else { return true }
            let key = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[key] = continuation
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) }
            }
            return false
        }
        if closed { continuation.finish() }
        return stream
    }

    /// Ends every subscription, now and to come, each with a last `refetch`: the store is gone (its
    /// sandbox was dropped), and a client that reconnects reads the one made in its place.
    public func close() {
        let (subscribers, last) = state.withLock { state in
            state.nextSubscriber = -1
            defer { state.subscribers = [:] }
            return (Array(state.subscribers.values), state.last)
        }
        let refetch = TodoEvent(id: TodoEventID(epoch: epoch, sequence: last), change: .refetch)
        for subscriber in subscribers {
            subscriber.yield([refetch])
            subscriber.finish()
        }
    }

    /// The events after `lastSeen`, or `nil` when the history cannot say: another epoch, a place
    /// older than the history's first event, or one not reached yet.
    private static func missed(after lastSeen: TodoEventID, in history: [TodoEvent], last: Int64, epoch: Int64)
        -> [TodoEvent]?
    {
        guard lastSeen.epoch == epoch, lastSeen.sequence <= last else { return nil }
        let first = history.first?.id.sequence ?? last + 1
        guard lastSeen.sequence >= first - 1 else { return nil }
        return Array(history.drop { $0.id.sequence <= lastSeen.sequence })
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
