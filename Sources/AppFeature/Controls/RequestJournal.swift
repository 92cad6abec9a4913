import Synchronization

/// The last requests the domains answered (or did not), newest first: what `/__admin/requests` and
/// the console show, so a presenter sees which requests an app cancelled and how often it retried.
///
/// A ring of `capacity` entries; service and admin routes are not recorded (the console's own
/// polling would drown the app's requests). Shared by every loop, guarded by a `Mutex`.
public final class RequestJournal: Sendable {
    /// How many entries are kept.
    public let capacity: Int
    private let ring: Mutex<Ring>

    private struct Ring {
        var entries: [JournalEntry] = []
        /// Where the next entry goes once the ring is full.
        var next = 0
        /// The console's streams, each told every entry as it is recorded.
        var subscribers: [Int: AsyncStream<JournalEntry>.Continuation] = [:]
        var nextSubscriber = 0
    }

    /// A journal of at most `capacity` entries.
    public init(capacity: Int = 1_000) {
        self.capacity = max(1, capacity)
        ring = Mutex(Ring())
    }

    /// Adds `entry`, overwriting the oldest when full, and tells every subscriber.
    public func record(_ entry: JournalEntry) {
        ring.withLock { ring in
            if ring.entries.count < capacity {
                ring.entries.append(entry)
            } else {
                ring.entries[ring.next] = entry
                ring.next = (ring.next + 1) % capacity
            }
            for subscriber in ring.subscribers.values { subscriber.yield(entry) }
        }
    }

    /// How many streams follow the journal now.
    public var subscriberCount: Int { ring.withLock { $0.subscribers.count } }

    /// Every entry recorded from now on, as it is recorded, until the subscriber stops listening.
    public func subscribe() -> AsyncStream<JournalEntry> {
        let (stream, continuation) = AsyncStream.makeStream(of: JournalEntry.self)
        ring.withLock { ring in
            let key = ring.nextSubscriber
            ring.nextSubscriber += 1
            ring.subscribers[key] = continuation
            continuation.onTermination = { [weak self] _ in
                _ = self?.ring.withLock { $0.subscribers.removeValue(forKey: key) }
            }
        }
        return stream
    }

    /// The newest `limit` entries, newest first.
    public func newest(_ limit: Int) -> [JournalEntry] {
        ring.withLock { ring in
            let ordered = ring.entries[ring.next...] + ring.entries[..<ring.next]
            return Array(ordered.reversed().prefix(limit))
        }
    }

    /// Forgets every entry.
    public func removeAll() {
        ring.withLock { ring in
            ring.entries = []
            ring.next = 0
        }
    }
}
