import EventHTTP
import Prometheus
import Synchronization

/// The figures `/metrics` reads from their sources at scrape time: counters the HTTP layer and the
/// response cache already keep, turned into Prometheus counters and a gauge.
///
/// A source's running total only grows, so each scrape adds what it grew by since the last one.
final class ScrapedFigures: Sendable {
    private let inFlight: Gauge
    private let clientGone: Counter
    private let deadline: Counter
    private let shutdown: Counter
    private let overload: Counter
    private let refused: Counter
    private let fastPath: Counter
    private let cacheHits: Counter
    private let cacheMisses: Counter
    private let openStreams: Gauge
    private let streamsCut: Counter
    private let previous = Mutex(Totals())

    private struct Totals {
        var server = ServerStatistics()
        var hits = 0
        var misses = 0
    }

    init(registry: PrometheusCollectorRegistry) {
        func counter(_ name: String, _ help: String, _ labels: [(String, String)] = []) -> Counter {
            registry.makeCounter(descriptor: AppMetrics.descriptor(name, unit: "total", help: help), labels: labels)
        }
        let cancelled = "Requests whose effects were cancelled before they answered, by reason; each got a 503."
        inFlight = registry.makeGauge(
            descriptor: AppMetrics.descriptor(
                "http_requests_in_flight", unit: "", help: "Requests received and not yet answered, this one included."),
            labels: []
        )
        clientGone = counter("effects_cancelled", cancelled, [("reason", "client_gone")])
        deadline = counter("effects_cancelled", cancelled, [("reason", "deadline")])
        shutdown = counter("effects_cancelled", cancelled, [("reason", "shutdown")])
        let rejected =
            "Requests refused before handling, by reason: overload (--max-in-flight, 503), refused (bad framing, a timeout or a connection limit; answered by the HTTP layer and closed)."
        overload = counter("http_requests_rejected", rejected, [("reason", "overload")])
        refused = counter("http_requests_rejected", rejected, [("reason", "refused")])
        fastPath = counter(
            "http_fast_path_replies",
            "Answers given inside the callback that read the request, waiting for no job, timer or watcher.")
        cacheHits = counter("response_cache_hits", "GET answers served from the response cache.")
        cacheMisses = counter("response_cache_misses", "Response cache lookups that found no current answer.")
        openStreams = registry.makeGauge(
            descriptor: AppMetrics.descriptor(
                "streams_open", unit: "", help: "Streamed answers (server-sent events) open right now."),
            labels: [])
        streamsCut = counter(
            "streams_cut", "Streams cut because their client stopped reading (--max-unread-bytes of the stream unread)."
        )
    }

    /// Brings every figure up to the sources' current totals.
    func update(server: ServerStatistics, cache: (hits: Int, misses: Int)) {
        previous.withLock { previous in
            inFlight.set(Int64(server.inFlight))
            clientGone.increment(by: Int64(max(0, server.clientClosed - previous.server.clientClosed)))
            deadline.increment(by: Int64(max(0, server.deadlines - previous.server.deadlines)))
            shutdown.increment(by: Int64(max(0, server.shutdowns - previous.server.shutdowns)))
            overload.increment(by: Int64(max(0, server.overloads - previous.server.overloads)))
            refused.increment(by: Int64(max(0, server.refusals - previous.server.refusals)))
            fastPath.increment(by: Int64(max(0, server.fastPathReplies - previous.server.fastPathReplies)))
            openStreams.set(Int64(server.openStreams))
            streamsCut.increment(by: Int64(max(0, server.streamsCut - previous.server.streamsCut)))
            cacheHits.increment(by: Int64(max(0, cache.hits - previous.hits)))
            cacheMisses.increment(by: Int64(max(0, cache.misses - previous.misses)))
            previous = Totals(server: server, hits: cache.hits, misses: cache.misses)
        }
    }
}
