import ArgumentParser

/// A duration on the command line: `500ms`, `10s`, `2m`, `48h`, or a bare number of seconds.
struct DurationArgument: ExpressibleByArgument, ArgumentValue, CustomStringConvertible {
    let duration: Duration

    init(_ duration: Duration) {
        self.duration = duration
    }

    init?(argument: String) {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let unit = units.first { argument.hasSuffix($0.suffix) } ?? ("", 1)
        guard let value = Double(argument.dropLast(unit.suffix.count)), value.isFinite, value > 0,
            let milliseconds = Int64(exactly: (value * unit.scale * 1000).rounded())  // nil beyond Int64, not a trap
        else { return nil }
        duration = .milliseconds(milliseconds)
    }

    var description: String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 3_600_000 == 0 { return "\(milliseconds / 3_600_000)h" }
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }

    var defaultValueDescription: String { description }

    static var expected: String { "a positive duration such as 500ms, 10s, 2m or 48h" }
}
