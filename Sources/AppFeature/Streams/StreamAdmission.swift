import Synchronization

/// Counts the streams open per loop and per client, and admits a new one only under both limits.
///
/// Shared by every loop (a client's streams may land on any of them); a stream admitted here is
/// released exactly once, when it ends.
final class StreamAdmission: Sendable {
    private let limits: StreamLimits
    private let counts = Mutex<(perLoop: [Int: Int], perClient: [String: Int])>(([:], [:]))
    /// `counterpart_streams_refused_total`.
    private let refused: EventCounter

    init(limits: StreamLimits, refused: EventCounter) {
        self.limits = limits
        self.refused = refused
    }

    /// Admits a stream of `client` on loop `loop`; `false`, and counted as refused, over a limit.
    func admit(client: String, loop: Int) -> Bool {
        let admitted = counts.withLock { counts in
            guard counts.perLoop[loop, default: 0] < limits.perLoop,
                counts.perClient[client, default: 0] < limits.perClient
            else { return false }
            counts.perLoop[loop, default: 0] += 1
            counts.perClient[client, default: 0] += 1
            return true
        }
        if !admitted { refused.increment() }
        return admitted
    }

    /// A stream admitted for `client` on `loop` ended.
    func release(client: String, loop: Int) {
        counts.withLock { counts in
            counts.perLoop[loop, default: 1] -= 1
            if counts.perLoop[loop] == 0 { counts.perLoop[loop] = nil }
            counts.perClient[client, default: 1] -= 1
            if counts.perClient[client] == 0 { counts.perClient[client] = nil }
        }
    }
}
