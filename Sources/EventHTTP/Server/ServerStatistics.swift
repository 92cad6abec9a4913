import Synchronization

/// Counters the HTTP layer keeps per loop and sums on request.
///
/// They make the runtime's promises observable: which requests took the fast path, how many were
/// cancelled and why. Tests read them; `/metrics` exports them.
public struct ServerStatistics: Sendable, Equatable {
    /// Requests handed to the handler.
    public var requests: Int
    /// Replies given inside the callback that read the request, waiting for no job, timer or
    /// watcher (an effect whose read completed on the loop counts).
    public var fastPathReplies: Int
    /// Requests whose client left while their effects ran.
    public var clientClosed: Int
    /// Requests answered 503 at the request deadline.
    public var deadlines: Int
    /// Requests still running at the end of the shutdown drain, cancelled and answered 503.
    public var shutdowns: Int
    /// Requests refused because the loop was at its in-flight cap.
    public var overloads: Int
    /// Requests in flight right now.
    public var inFlight: Int
    /// Requests and connections refused before any handler saw them (`RequestRefusal`).
    public var refusals: Int
    /// Streamed answers open right now (they are not in flight: they have no deadline).
    public var openStreams: Int = 0
    /// Streams cut because their client stopped reading (`--max-unread-bytes`).
    public var streamsCut: Int = 0

    /// Totals as given; all zero by default, the totals before the first request.
    public init(
        requests: Int = 0,
        fastPathReplies: Int = 0,
        clientClosed: Int = 0,
        deadlines: Int = 0,
        shutdowns: Int = 0,
        overloads: Int = 0,
        inFlight: Int = 0,
        refusals: Int = 0,
        openStreams: Int = 0,
        streamsCut: Int = 0
    ) {
        self.requests = requests
        self.fastPathReplies = fastPathReplies
        self.clientClosed = clientClosed
        self.deadlines = deadlines
        self.shutdowns = shutdowns
        self.overloads = overloads
        self.inFlight = inFlight
        self.refusals = refusals
        self.openStreams = openStreams
        self.streamsCut = streamsCut
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        Self(
            requests: lhs.requests + rhs.requests,
            fastPathReplies: lhs.fastPathReplies + rhs.fastPathReplies,
            clientClosed: lhs.clientClosed + rhs.clientClosed,
            deadlines: lhs.deadlines + rhs.deadlines,
            shutdowns: lhs.shutdowns + rhs.shutdowns,
            overloads: lhs.overloads + rhs.overloads,
            inFlight: lhs.inFlight + rhs.inFlight,
            refusals: lhs.refusals + rhs.refusals,
            openStreams: lhs.openStreams + rhs.openStreams,
            streamsCut: lhs.streamsCut + rhs.streamsCut
        )
    }
}

/// One loop's counters: written on the loop thread, read from anywhere.
final class LoopCounters: Sendable {
    let requests = Atomic<Int>(0)
    let fastPathReplies = Atomic<Int>(0)
    let clientClosed = Atomic<Int>(0)
    let deadlines = Atomic<Int>(0)
    let shutdowns = Atomic<Int>(0)
    let overloads = Atomic<Int>(0)
    let inFlight = Atomic<Int>(0)
    let refusals = Atomic<Int>(0)
    let openStreams = Atomic<Int>(0)
    let streamsCut = Atomic<Int>(0)

    var snapshot: ServerStatistics {
        ServerStatistics(
            requests: requests.load(ordering: .relaxed),
            fastPathReplies: fastPathReplies.load(ordering: .relaxed),
            clientClosed: clientClosed.load(ordering: .relaxed),
            deadlines: deadlines.load(ordering: .relaxed),
            shutdowns: shutdowns.load(ordering: .relaxed),
            overloads: overloads.load(ordering: .relaxed),
            inFlight: inFlight.load(ordering: .relaxed),
            refusals: refusals.load(ordering: .relaxed),
            openStreams: openStreams.load(ordering: .relaxed),
            streamsCut: streamsCut.load(ordering: .relaxed)
        )
    }
}

extension Atomic where Value == Int {
    func increment() { add(1, ordering: .relaxed) }
    func decrement() { subtract(1, ordering: .relaxed) }
}
