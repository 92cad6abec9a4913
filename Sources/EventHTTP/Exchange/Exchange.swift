import CLibevent
import Glibc
public import HTTPKit
import HTTPWire
import HTTPTypes

/// One request in flight on one loop, and the only way to answer it.
///
/// A request answered inside the handler's call costs nothing more; one that waits for effects gets
/// a deadline timer, and the deadline or the client leaving (its connection notices at once)
/// cancels the request's work and answers 503 (architecture.md §2.5). The first reply wins; later
/// ones are ignored, so every request is answered exactly once.
///
/// `@unchecked Sendable`: stores and effects may hold it, but every method must run on `loop`'s
/// thread (asserted in debug builds) — the same thread the store it serves is isolated to. Being
/// confined to that thread, and never lending a property across a call, its mutable state skips the
/// runtime's exclusivity check (`@exclusivity(unchecked)`), which every request paid.
public final class Exchange: @unchecked Sendable {
    /// The loop that accepted the request.
    public let loop: EventLoop
    /// Whether the request has been answered (or its connection is gone).
    @exclusivity(unchecked) public private(set) var isAnswered = false
    /// The request, as the handler sees it.
    let served: ServerRequest

    private let framing: AnswerFraming
    /// Where the answer goes: the connection the request came on. Touched only until the request is
    /// answered; a connection that closes first cancels the exchange, so it is never reached after
    /// it is gone.
    unowned let transport: any ExchangeTransport
    unowned let server: LoopServer
    @exclusivity(unchecked) private var deadlineTimer: OpaquePointer?
    @exclusivity(unchecked) private var onCancel: (@Sendable (CancellationReason) -> Response)?
    /// A streamed answer's state (`Exchange+Streaming`); `nil` for a request that neither streams
    /// nor asked to be told when a stream ends — every other — which so pays one check.
    var streamWatch: StreamWatch?

    init(request: ServerRequest, framing: AnswerFraming, connection: any ExchangeTransport, server: LoopServer) {
        served = request
        self.framing = framing
        transport = connection
        self.server = server
        loop = server.loop
        server.counters.inFlight.increment()
    }

    /// Hands `response` to the connection (which writes it at the end of the loop's turn, or at once
    /// when the connection closes after it) and releases the request. Only the first call has an
    /// effect. A response that `streamsBody` opens a stream (`Exchange+Streaming`): the request
    /// leaves the in-flight count and its deadline, and its chunks follow.
    public func reply(_ response: Response) {
        assert(loop.inEventLoop, "Exchange.reply ran off its loop thread (libevent#883).")
        guard release() else { return }
        // Counted before the answer is handed over: one that closes the connection is written at
        // once, and its client may read it before this call returns.
        if server.isAccepting { server.counters.fastPathReplies.increment() }
        guard response.streamsBody, transport.startStream(response, framing: framing) else {
            if !response.streamsBody { transport.send(response, framing: framing) }
            if streamWatch != nil { streamEnded() }
            return
        }
        watchStream().isOpen = true
        server.track(stream: self)
    }

    /// Marks the request as waiting for effects: arms the deadline. `onCancel` runs on the loop when
    /// the deadline passes, the client leaves or the server shuts down, and returns the 503 to write:
    /// the handler's own, timed as only the handler can time it (`Server-Timing`). Called again (a
    /// demo delay, then the domain's effects), it only replaces `onCancel`: the deadline still counts
    /// from the first call.
    public func awaitResponse(onCancel: @escaping @Sendable (CancellationReason) -> Response) {
        assert(loop.inEventLoop, "Exchange.awaitResponse ran off its loop thread.")
        guard !isAnswered else { return }
        self.onCancel = onCancel
        guard deadlineTimer == nil else { return }
        server.track(self)
        deadlineTimer = event_new(
            loop.base, -1, 0,
            { _, _, context in
                guard let context else { return }
                Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue().cancel(.deadline)
            }, Unmanaged.passUnretained(self).toOpaque())
        if let deadlineTimer {
            var timeout = server.configuration.requestTimeout.timeval
            event_add(deadlineTimer, &timeout)
        }
    }

    /// Closes the connection without an answer (the demo controls' `fault=drop`) and releases the
    /// request. The client sees the connection end.
    public func drop() {
        assert(loop.inEventLoop, "Exchange.drop ran off its loop thread.")
        guard release() else { return }
        transport.drop()
        if streamWatch != nil { streamEnded() }
    }

    /// Marks the request answered and lets go of what waited for it; `false` if it already was.
    private func release() -> Bool {
        guard !isAnswered else { return false }
        isAnswered = true
        if let deadlineTimer {
            event_free(deadlineTimer)
            self.deadlineTimer = nil
        }
        // The cancel hook holds the request's store, which holds this exchange: release it.
        onCancel = nil
        server.counters.inFlight.decrement()
        server.untrack(self)
        return true
    }

    /// Cancels the request's work for `reason` and answers it 503; an open stream just ends.
    func cancel(_ reason: CancellationReason) {
        if isStreaming { return streamEnded() }
        guard !isAnswered else { return }
        switch reason {
        case .clientClosed: server.counters.clientClosed.increment()
        case .deadline: server.counters.deadlines.increment()
        case .shutdown: server.counters.shutdowns.increment()
        case .overload: break
        }
        reply(onCancel?(reason) ?? server.handler.unavailableResponse(to: served, reason: reason))
    }
}
