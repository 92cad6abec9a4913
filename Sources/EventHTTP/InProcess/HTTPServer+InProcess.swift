import Synchronization

/// Serving without a socket: the handler, its loops, limits and deadlines as they run in `serve`,
/// with requests handed in as bytes and answers handed back as bytes. For tests that look at whole
/// answers, and for anything else that wants the server's answers in process.
extension HTTPServer {
    /// Starts the loops without binding a listener: requests reach the handler only through
    /// `answer(_:peer:)`. `shutdown()` stops it as it stops a listening server.
    package func startInProcess() throws(EventHTTPError) {
        try start(listening: false)
    }

    /// Reads `request` — one HTTP/1.1 request, as a client would send it — as a connection from
    /// `peer` would, on the loops in turn (as the kernel spreads connections over their listeners),
    /// and returns the bytes of its answer as they would leave on the socket; `nil` when there is
    /// none (the bytes end before the request does, the request was dropped, or the server is not
    /// running).
    package func answer(_ request: [UInt8], peer: String = "127.0.0.1") async -> [UInt8]? {
        let servers = loopServers
        guard !servers.isEmpty else { return nil }
        let server = servers[nextInProcessLoop.add(1, ordering: .relaxed).oldValue % servers.count]
        return await withCheckedContinuation { continuation in
            server.loop.execute {
                InProcessExchange.start(request, peer: peer, on: server) { continuation.resume(returning: $0) }
            }
        }
    }
}
