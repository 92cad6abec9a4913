/// One subscription to a store's change feed: its batches of events, each holding everything that
/// committed since the one before, until the store is gone or the reading task is cancelled.
///
/// A value the `.run` effect of `GET /todos/events` iterates; dropping it (the effect ended) frees
/// the subscriber's place.
public struct TodoEventFeed: AsyncSequence, Sendable {
    public typealias Element = [TodoEvent]

    private let subscription: Subscription?

    /// The subscriber `reader` of `log`; none when the log was closed already.
    init(log: TodoEventLog, reader: Int?) {
        subscription = reader.map { Subscription(log: log, reader: $0) }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(subscription: subscription)
    }

    /// Reads the subscription's batches in order.
    public struct Iterator: AsyncIteratorProtocol {
        let subscription: Subscription?

        public mutating func next() async -> [TodoEvent]? {
            await subscription?.next()
        }
    }

    /// The subscriber's place, given up when the last copy of the feed is gone.
    final class Subscription: Sendable {
        let log: TodoEventLog
        let reader: Int

        init(log: TodoEventLog, reader: Int) {
            self.log = log
            self.reader = reader
        }

        func next() async -> [TodoEvent]? {
            await log.next(for: reader)
        }

        deinit { log.leave(reader) }
    }
}
