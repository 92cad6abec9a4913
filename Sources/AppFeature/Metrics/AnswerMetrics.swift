import Prometheus
import Synchronization

/// Every answer, counted by route template, method and status, with its duration per template and
/// method.
///
/// A handle pair is made the first time a template, method and status answer together, then found
/// in one locked table, so recording an answer costs one lookup, an atomic add and a histogram
/// update — no label is built per request. A `final class` because the table is shared by every
/// loop, guarded by its `Mutex`.
final class AnswerMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let handles = Mutex<[Key: Handles]>([:])

    private struct Key: Hashable {
        let route: String
        let method: String
        let status: Int

        /// The status and the lengths of the route and method, not their bytes: templates and
        /// methods are few, and hashing their text cost ~400 instructions an answer. Both are ASCII
        /// (route templates, `unmatched`, method tokens), for which `==` is byte equality, so equal
        /// keys hash alike; keys that collide are told apart by `==`.
        func hash(into hasher: inout Hasher) {
            hasher.combine(status)
            hasher.combine(route.utf8.count &<< 8 | method.utf8.count)
        }
    }

    private struct Handles {
        let requests: Counter
        let duration: DurationHistogram
    }

    private static var requests: MetricNameDescriptor {
        AppMetrics.descriptor(
            "http_requests", unit: "total", help: "Requests answered, by route template, method and status.")
    }

    private static var duration: MetricNameDescriptor {
        AppMetrics.descriptor(
            "http_request_duration", unit: "seconds", help: "Time from receiving a request to writing its answer.")
    }

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    /// Counts one answer with `status` to `method` on `route` (a template such as `/todos/{id}`, or
    /// `unmatched`), which took `duration` from receipt to reply.
    func record(route: String, method: String, status: Int, duration: Duration) {
        let key = Key(route: route, method: method, status: status)
        let found = handles.withLock { handles in
            if let existing = handles[key] { return existing }
            let made = Handles(
                requests: registry.makeCounter(
                    descriptor: Self.requests,
                    labels: [("route", route), ("method", method), ("status", String(status))]
                ),
                duration: registry.makeDurationHistogram(
                    descriptor: Self.duration,
                    labels: [("route", route), ("method", method)],
                    buckets: AppMetrics.durationBuckets
                )
            )
            handles[key] = made
            return made
        }
        found.requests.increment()
        found.duration.record(duration)
    }
}
