/// A clock whose sleeps end at once without yielding to other tasks.
///
/// swift-clocks' `ImmediateClock` yields through detached background tasks on every sleep, which
/// makes tests that retry several times depend on how busy the global pool is; this one does not.
struct InstantClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
        func duration(to other: Self) -> Duration { other.offset - offset }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
    }
}
