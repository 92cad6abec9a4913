import Synchronization

/// A duration histogram family whose series are made when a store is made, each the first time
/// its labels are asked for, and recorded into from then on: `counterpart_repository_call_duration_seconds`, one series per repository endpoint.
///
/// A `final class`: `/metrics` reads the series every store records into, listed behind a `Mutex`.
final class DurationFamily: Sendable {
    private let name: String
    private let help: String
    private let labelNames: [String]
    private let series = Mutex<[(values: [String], series: DurationSeries)]>([])

    /// A family called `name`, explained by `help`, whose series are told apart by `labelNames`.
    init(_ name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
    }

    /// The series labelled `values` (one per label name), made the first time they are asked for.
    func series(_ values: [String]) -> DurationSeries {
        series.withLock { series in
            if let existing = series.first(where: { $0.values == values }) { return existing.series }
            let made = DurationSeries()
            series.append((values, made))
            return made
        }
    }

    /// Writes the family, its series in the order they were made.
    func write(into writer: inout ExpositionWriter) {
        let all = series.withLock { $0 }
        writer.family(name, type: "histogram", help: help)
        for (values, series) in all {
            writer.histogram(name, Array(zip(labelNames, values)), series.snapshot)
        }
    }
}
