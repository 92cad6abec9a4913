public import Dependencies
public import EventHTTP
public import Prometheus
public import Storage
import Synchronization

/// Everything `GET /metrics` reports: Counterpart's own figures, and a swift-prometheus registry
/// for what libraries record through swift-metrics.
///
/// Per-request figures (requests by route template, method and status; their durations; repository
/// call durations) are recorded as they happen into Counterpart's own counts (`AnswerMetrics`,
/// `DurationFamily`), which cost the hot path a lookup and a few additions. Figures the server
/// already counts — in-flight requests, cancellations by reason, overload refusals, fast-path
/// replies, response-cache lookups, streams — are read from their sources when `/metrics` is
/// scraped (`ScrapedFigures`), so they cost the request path and the start nothing. All of them are
/// written with `# HELP` text (`promtool check metrics` asks for it) by `ExpositionWriter`, after
/// the registry's families; `factory` is what the executable bootstraps swift-metrics with, so
/// metrics any library records land in the same exposition. A `final class` because it is one
/// shared set of figures, each guarded by its own lock or atomics.
///
/// ```swift
/// let metrics = AppMetrics()
/// metrics.observe(server: { server.statistics() }, cache: cache)
/// let text = String(decoding: metrics.exposition(), as: UTF8.self)  // Prometheus text format
/// ```
public final class AppMetrics: Sendable {
    /// The registry `/metrics` renders; also the backend of `MetricsSystem` in the executable.
    public let registry = PrometheusCollectorRegistry()
    /// The swift-metrics backend writing into `registry`.
    public let factory: PrometheusMetricsFactory
    /// Requests by route template, method and status, and their durations.
    let answers = AnswerMetrics()
    /// Repository calls' durations, by repository and operation.
    private let repositoryCalls = DurationFamily(
        "counterpart_repository_call_duration_seconds",
        help: "Time from calling a repository endpoint to its result or error.",
        labelNames: ["repository", "operation"])
    /// Streams refused over `--max-streams-per-loop` or `--max-streams-per-client`.
    let streamsRefused = EventCounter()
    private let sources = Mutex<Sources?>(nil)

    private struct Sources {
        let server: @Sendable () -> ServerStatistics
        let cache: ResponseCache
    }

    /// The duration buckets, in seconds: 100 µs to 10 s (the request deadline's default).
    static let durationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    /// Creates the figures, all at zero.
    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        self.factory = factory
    }

    /// The duration histogram of one repository endpoint (`todos`, `fetch`), asked for when a
    /// domain's store is made: what the store records its calls in (`DurationSeries.time`). Asking
    /// again for the same endpoint gives the same series.
    public func repositoryTimer(_ repository: String, _ operation: String) -> DurationSeries {
        repositoryCalls.series([repository, operation])
    }

    /// Names the sources read at each scrape: the HTTP server's counters and the response cache.
    public func observe(server: @escaping @Sendable () -> ServerStatistics, cache: ResponseCache) {
        sources.withLock { $0 = Sources(server: server, cache: cache) }
    }

    /// The Prometheus text exposition (format 0.0.4) of every metric: the registry's families
    /// (what libraries record), then the figures read from their sources now, then the answers and
    /// the repository calls.
    public func exposition() -> [UInt8] {
        var scraped = ScrapedFigures(streamsRefused: streamsRefused.total)
        if let sources = sources.withLock({ $0 }) {
            scraped.server = sources.server()
            scraped.cache = sources.cache.lookups
        }
        var writer = ExpositionWriter(continuing: registry.emitToBuffer())
        scraped.write(into: &writer)
        answers.write(into: &writer)
        repositoryCalls.write(into: &writer)
        return writer.bytes
    }
}

extension AppMetrics: DependencyKey {
    /// One registry for the process, made on first use; tests give each server its own.
    public static let liveValue = AppMetrics()
    public static var testValue: AppMetrics { AppMetrics() }
}

extension DependencyValues {
    /// The metrics `/metrics` reports and the pipeline records into.
    public var appMetrics: AppMetrics {
        get { self[AppMetrics.self] }
        set { self[AppMetrics.self] = newValue }
    }
}
