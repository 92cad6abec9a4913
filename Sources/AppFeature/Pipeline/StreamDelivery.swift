import EventHTTP
import HTTPKit
import Reducers

/// Writes a streamed answer as its feature states it: the head when the state first has one, then
/// each chunk the reducer sends (`StreamedBody`), once and in order, then the end.
///
/// The stream's life is its store's: the store stays while the stream is open, and whatever ends the
/// stream from the outside — the client leaving, a client too slow to keep up, the server draining —
/// stops the store's effects (`stopWork`), which is how a long-living effect learns that nobody
/// listens any more. Lives on the request's loop, like the store it serves.
final class StreamDelivery: @unchecked Sendable {
    private let responder: Responder
    /// Cancels the store's effects; set once the store exists. It holds the store weakly: the
    /// store's running effects keep it, and it keeps this.
    var stopWork: (@Sendable () -> Void)?
    private var hasStarted = false
    private var chunksWritten = 0

    init(responder: Responder) {
        self.responder = responder
    }

    /// The observer of a store whose answer may stream: it writes the stream as the state states
    /// it, finishes the store once the stream has ended, and answers a state without a stream as
    /// any store does.
    func observer<State: RespondingState, Action>(
        waiting: EffectWait, stalled: @escaping @Sendable (State, Action) -> Void
    ) -> StoreObserver<State, Action> {
        let responder = responder
        return StoreObserver(
            didReduce: { [self] _, state in
                waiting.didReduce()
                if let stream = state.stream, let head = state.response {
                    deliver(stream, head: head, waiting: waiting)
                }
            },
            isFinished: { [self] state in
                guard state.response != nil else { return false }
                return state.stream == nil || !isOpen
            },
            didFinish: { [self] state in
                if state.stream != nil { return finished() }
                if let response = state.response {
                    responder.send(response, repositoryDuration: waiting.repositoryMilliseconds)
                }
            },
            didStall: stalled
        )
    }

    /// Whether the stream is still being written: before its head is sent, or while its client reads.
    var isOpen: Bool { !hasStarted || responder.exchange.isStreaming }

    /// Writes what `stream` holds that is not written yet; the first call sends `head` through the
    /// pipeline's response halves (a stage may answer in its place: then no stream opens), timed
    /// with what the request `waiting` waited for its effects.
    func deliver(_ stream: StreamedBody, head: Response, waiting: EffectWait) {
        let exchange = responder.exchange
        if !hasStarted {
            hasStarted = true
            exchange.whenStreamEnds { [self] in stop() }
            responder.send(head, repositoryDuration: waiting.repositoryMilliseconds)
        }
        if stream.count > chunksWritten {
            chunksWritten = stream.count
            exchange.write(stream.chunk)
        }
        if stream.isEnded { exchange.endStream() }
    }

    /// The store finished: the feature ended the stream, or it ended from the outside.
    func finished() {
        responder.exchange.endStream()
        stopWork = nil
    }

    private func stop() {
        let stop = stopWork
        stopWork = nil
        stop?()
    }
}
