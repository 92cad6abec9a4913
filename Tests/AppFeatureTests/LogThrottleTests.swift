import Testing

@testable import AppFeature

@Suite("One log line per interval while a cause repeats")
struct LogThrottleTests {
    let start = ContinuousClock.now

    @Test("the first line goes through at once, none held back")
    func first() {
        let throttle = LogThrottle(interval: .seconds(10))
        #expect(throttle.admit(at: start) == 0)
    }

    @Test("lines within the interval are held back and counted on the next line let through")
    func heldBack() {
        let throttle = LogThrottle(interval: .seconds(10))
        _ = throttle.admit(at: start)
        #expect(throttle.admit(at: start + .seconds(1)) == nil)
        #expect(throttle.admit(at: start + .milliseconds(9_999)) == nil)
        #expect(throttle.admit(at: start + .seconds(10)) == 2)
        #expect(throttle.admit(at: start + .seconds(11)) == nil)
        #expect(throttle.admit(at: start + .seconds(25)) == 1)
    }

    @Test("the interval runs from the last line let through, not from the last one held back")
    func fromLastLine() {
        let throttle = LogThrottle(interval: .seconds(10))
        _ = throttle.admit(at: start)
        for second in 1...9 { #expect(throttle.admit(at: start + .seconds(second)) == nil) }
        #expect(throttle.admit(at: start + .seconds(10)) == 9)
    }
}
