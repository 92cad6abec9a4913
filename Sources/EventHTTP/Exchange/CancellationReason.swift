/// Why a request ended without its feature answering.
public enum CancellationReason: String, Sendable, Equatable {
    /// The client closed its connection while the request's effects ran.
    case clientClosed
    /// The request deadline (`--request-timeout`) passed.
    case deadline
    /// The loop already had `--max-in-flight` requests.
    case overload
    /// The server is shutting down.
    case shutdown

    /// A problem `detail` for the 503 this reason produces.
    public var detail: String {
        switch self {
        case .clientClosed: "The client closed the connection before the answer was ready."
        case .deadline:
            "The request took longer than the server's request deadline (--request-timeout) and was cancelled."
        case .overload: "This server is handling as many requests as it allows (--max-in-flight); retry after a second."
        case .shutdown: "The server is shutting down; retry against another instance or after it restarts."
        }
    }
}
