/// A chunk every open stream is sent at a fixed interval — for server-sent events, a comment line —
/// so that proxies and idle timers (nginx's `proxy_read_timeout`, `--idle-timeout`) do not close a
/// stream that has been quiet.
///
/// The transport's job rather than each stream's writer: one timer per loop writes it to every
/// stream the loop holds, so a quiet stream costs no timer, no task and no wake-up of its own.
public struct StreamHeartbeat: Sendable, Equatable {
    /// How often every open stream is sent `chunk`.
    public var interval: Duration
    /// What is sent: bytes every client of the stream's format ignores.
    public var chunk: [UInt8]

    /// `chunk` every `interval`.
    public init(every interval: Duration, chunk: [UInt8]) {
        self.interval = interval
        self.chunk = chunk
    }
}
