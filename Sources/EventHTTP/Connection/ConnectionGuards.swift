/// One loop's open connections' guards, by the bufferevent evhttp reads through, so a request's
/// exchange finds its connection's guard. Touched only on the loop's thread.
final class ConnectionGuards {
    var byBufferevent: [OpaquePointer: ConnectionGuard] = [:]
}
