import Synchronization

/// Lets one log line of a kind through per `interval` and counts the ones it holds back.
///
/// A database that stops answering fails every request until it is back: one line per 503 would
/// bury the rest of the log under thousands of copies of one cause. Throttled, the outage is
/// logged as it begins, then once an interval while it lasts, each line saying how many answers
/// went unlogged since the one before.
final class LogThrottle: Sendable {
    private struct State {
        var lastLine: ContinuousClock.Instant?
        var heldBack = 0
    }

    /// The shortest time between two lines.
    let interval: Duration
    private let state = Mutex(State())

    init(interval: Duration) {
        self.interval = interval
    }

    /// Whether a line may be written at `now`: if so, how many were held back since the last
    /// one; `nil` if this one is held back too.
    func admit(at now: ContinuousClock.Instant) -> Int? {
        state.withLock { state in
            if let last = state.lastLine, now - last < interval {
                state.heldBack += 1
                return nil
            }
            defer { state = State(lastLine: now) }
            return state.heldBack
        }
    }
}
