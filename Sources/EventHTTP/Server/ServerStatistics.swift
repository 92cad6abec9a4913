import Synchronization

/// Counters the HTTP layer keeps per loop and sums on request.
///
/// They make the runtime's promises observable: which requests took the fast path, how many were
/// cancelled and why. Tests read them; `/metrics` will export them.
public struct ServerStatistics: Sendable, Equatable {
    /// Requests handed to the handler.
    public var requests = 0
    /// Replies written inside libevent's callback, with no task, timer or watcher.
    public var fastPathReplies = 0
    /// Requests whose client left while their effects ran.
    public var clientClosed = 0
    /// Requests answered 503 at the request deadline.
    public var deadlines = 0
    /// Requests refused because the loop was at its in-flight cap.
    public var overloads = 0
    /// Requests in flight right now.
    public var inFlight = 0

    static func + (lhs: Self, rhs: Self) -> Self {
        Self(
            requests: lhs.requests + rhs.requests,
            fastPathReplies: lhs.fastPathReplies + rhs.fastPathReplies,
            clientClosed: lhs.clientClosed + rhs.clientClosed,
            deadlines: lhs.deadlines + rhs.deadlines,
            overloads: lhs.overloads + rhs.overloads,
            inFlight: lhs.inFlight + rhs.inFlight
        )
    }
}

/// One loop's counters: written on the loop thread, read from anywhere.
final class LoopCounters: Sendable {
    let requests = Atomic<Int>(0)
    let fastPathReplies = Atomic<Int>(0)
    let clientClosed = Atomic<Int>(0)
    let deadlines = Atomic<Int>(0)
    let overloads = Atomic<Int>(0)
    let inFlight = Atomic<Int>(0)

    var snapshot: ServerStatistics {
        ServerStatistics(
            requests: requests.load(ordering: .relaxed),
            fastPathReplies: fastPathReplies.load(ordering: .relaxed),
            clientClosed: clientClosed.load(ordering: .relaxed),
            deadlines: deadlines.load(ordering: .relaxed),
            overloads: overloads.load(ordering: .relaxed),
            inFlight: inFlight.load(ordering: .relaxed)
        )
    }
}

extension Atomic where Value == Int {
    func increment() { add(1, ordering: .relaxed) }
    func decrement() { subtract(1, ordering: .relaxed) }
}
