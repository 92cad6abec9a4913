public import EventHTTP

/// How a request ended without an answer of its own, for the stages that record or release
/// something per request (a journal entry, an idempotency key, a count).
public enum RequestEnding: Sendable, Equatable {
    /// The HTTP layer ended it — the client left, the deadline passed, the server is stopping — and
    /// answers it 503 where a client is still there.
    case cancelled(CancellationReason)
    /// `fault=drop`: the connection was closed without an answer.
    case dropped
}
