/// A streamed answer (server-sent events): `reply` with a response that `streamsBody` writes its
/// head, then each `write` one chunk, until `endStream` — or until the client leaves, reads too
/// slowly (`--max-unread-bytes`), or the server shuts down, which end it from this side.
///
/// Whatever ends it, the work behind it is told once through `whenStreamEnds`: a stream is a
/// long-living effect, and it must stop when nobody reads it any more.
extension Exchange {
    /// Whether the answer is a stream still open: its head is out and its chunks follow.
    public var isStreaming: Bool { streamWatch?.isOpen ?? false }

    /// Runs `hook` once, on the loop, when the streamed answer ends — or when the request is
    /// answered without a stream after all (a HEAD request, a stage that answered in its place).
    /// Hooks run in the order they were given.
    public func whenStreamEnds(_ hook: @escaping @Sendable () -> Void) {
        assert(loop.inEventLoop, "Exchange.whenStreamEnds ran off its loop thread.")
        guard !isAnswered || isStreaming else { return hook() }
        watchStream().hooks.append(hook)
    }

    /// Writes `chunk` of the open stream at the end of the loop's turn; nothing once it has ended.
    public func write(_ chunk: [UInt8]) {
        assert(loop.inEventLoop, "Exchange.write ran off its loop thread.")
        guard isStreaming else { return }
        if !transport.sendChunk(chunk) { streamEnded() }
    }

    /// Ends the open stream after the chunks written; the connection carries on with the client's
    /// next request (or closes, while the server drains).
    public func endStream() {
        assert(loop.inEventLoop, "Exchange.endStream ran off its loop thread.")
        guard isStreaming else { return }
        transport.endStream()
        streamEnded()
    }

    /// The stream is over, or will never start: the work behind it is told, once.
    func streamEnded() {
        guard let watch = streamWatch else { return }
        streamWatch = nil
        if watch.isOpen { server.untrack(stream: self) }
        for hook in watch.hooks { hook() }
    }

    /// The stream's state, made when first needed.
    func watchStream() -> StreamWatch {
        if let streamWatch { return streamWatch }
        let watch = StreamWatch()
        streamWatch = watch
        return watch
    }
}

/// Whether an exchange's stream is open, and who is told when it ends, in order.
final class StreamWatch {
    var isOpen = false
    var hooks: [@Sendable () -> Void] = []
}
