import Prometheus
import Synchronization

/// The handles for one route template: a request counter per method and status, and a duration
/// histogram per method.
///
/// Made once per template by `AppMetrics`; a handle per method and status is made the first time
/// that pair answers, then found in a small locked table, so recording costs a lookup, an atomic
/// add and a histogram update — no label is built per request.
final class RouteMetrics: Sendable {
    private let template: String
    private let registry: PrometheusCollectorRegistry
    private let handles = Mutex<[Key: Handles]>([:])

    private struct Key: Hashable {
        let method: String
        let status: Int
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

    init(template: String, registry: PrometheusCollectorRegistry) {
        self.template = template
        self.registry = registry
    }

    /// Counts one answer with `status` to `method`, which took `duration` from receipt to reply.
    func record(method: String, status: Int, duration: Duration) {
        let key = Key(method: method, status: status)
        let found = handles.withLock { handles in
            if let existing = handles[key] { return existing }
            let made = Handles(
                requests: registry.makeCounter(
                    descriptor: Self.requests,
                    labels: [("route", template), ("method", method), ("status", String(status))]
                ),
                duration: registry.makeDurationHistogram(
                    descriptor: Self.duration,
                    labels: [("route", template), ("method", method)],
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
