import HTTPKit
import Testing

/// `Server-Timing` is written digit by digit; it must read as the plain formatting of the same
/// numbers would.
@Suite("ServerTiming")
struct ServerTimingTests {
    /// Three decimals of `value`, negative as 0, formatted the obvious way.
    private func plain(_ value: Double) -> String {
        let thousandths = Int((max(0, value) * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    @Test(
        "milliseconds have three decimals, rounded, never negative",
        arguments: [0, 0.0004, 0.0005, 0.001, 0.084, 1, 9.9995, 10, 999.9996, 1_234_567.891, -3, 86_400_000.5])
    func milliseconds(value: Double) {
        #expect(ServerTiming.milliseconds(value) == plain(value))
    }

    @Test(
        "a duration's milliseconds keep their fraction, whatever its sign and size",
        arguments: [
            (Duration.microseconds(1500), 1.5), (.seconds(2) + .microseconds(250), 2000.25), (.zero, 0),
            (.milliseconds(-3), -3), (.seconds(86_400), 86_400_000), (.nanoseconds(1), 0.000001),
        ])
    func durationMilliseconds(duration: Duration, expected: Double) {
        #expect(abs(duration.inMilliseconds - expected) <= abs(expected) * 1e-12 + 1e-12, "\(duration)")
    }

    @Test("a value past 10^15 ms, infinite or not a number is written within the field's room")
    func outOfRange() {
        #expect(ServerTiming.milliseconds(.infinity) == "1000000000000000.000")
        #expect(ServerTiming.milliseconds(1e300) == "1000000000000000.000")
        #expect(ServerTiming.milliseconds(.nan) == "0.000")
        #expect(ServerTiming.milliseconds(-.infinity) == "0.000")
    }

    @Test("random durations read as their plain formatting")
    func randomDurations() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let value = Double.random(in: 0..<100_000, using: &generator)
            #expect(ServerTiming.milliseconds(value) == plain(value))
        }
    }

    @Test("app and repo always, delay only when there was one")
    func value() {
        #expect(
            ServerTiming(app: 0.0841, repository: 0, delay: 0).description == "app;dur=0.084, repo;dur=0.000")
        #expect(
            ServerTiming(app: 1500.25, repository: 12.5, delay: 1500).description
                == "app;dur=1500.250, repo;dur=12.500, delay;dur=1500.000")
        let longest = ServerTiming(app: 1e15, repository: 1e15, delay: 1e15).description
        #expect(longest.utf8.count <= ServerTiming.maximumByteCount, "\(longest)")
    }
}
