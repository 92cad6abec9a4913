import Foundation

/// The durations an answer's `Server-Timing` names (`app;dur=0.084, repo;dur=0.000`), in
/// milliseconds by metric, for tests that check how a request's time was split.
struct ServerTimingMetrics: CustomStringConvertible {
    let description: String
    private let durations: [String: Double]

    /// The metrics of `value`, a `Server-Timing` field's value (none when it is missing).
    init(_ value: String?) {
        description = value ?? "no Server-Timing"
        var durations: [String: Double] = [:]
        for metric in (value ?? "").split(separator: ",") {
            let parts = metric.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first, let duration = parts.dropFirst().first(where: { $0.hasPrefix("dur=") })
            else { continue }
            durations[name] = Double(duration.dropFirst(4))
        }
        self.durations = durations
    }

    /// The server's own handling: the wait for effects and the injected delay excluded.
    var app: Double? { durations["app"] }
    /// The wait for effects (repository calls).
    var repo: Double? { durations["repo"] }
    /// The demo controls' injected delay; absent when there was none.
    var delay: Double? { durations["delay"] }
}
