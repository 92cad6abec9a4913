import EventHTTP

/// The figures `/metrics` reads from their sources at scrape time — counters the HTTP layer, the
/// response cache and the stream admission already keep — written as Prometheus families straight
/// from those totals.
///
/// Nothing is recorded for them on the request path, and nothing is made for them at start-up:
/// registered as swift-prometheus counters and gauges, their families cost a start 1.8 million of
/// the 23.8 million instructions it ran before its first answer (BENCHMARKS.md, forty-third run).
struct ScrapedFigures {
    /// The HTTP server's counters.
    var server = ServerStatistics()
    /// The response cache's lookups.
    var cache: (hits: Int, misses: Int) = (0, 0)
    /// Streams refused over a limit.
    var streamsRefused = 0

    /// Writes every family, totals as they are now.
    func write(into writer: inout ExpositionWriter) {
        gauge(
            "http_requests_in_flight", "Requests received and not yet answered, this one included.", server.inFlight,
            into: &writer)
        writer.family(
            "counterpart_effects_cancelled_total", type: "counter",
            help: "Requests whose effects were cancelled before they answered, by reason; each got a 503.")
        for (reason, total) in [
            ("client_gone", server.clientClosed), ("deadline", server.deadlines), ("shutdown", server.shutdowns),
        ] {
            writer.sample("counterpart_effects_cancelled_total", [("reason", reason)], String(total))
        }
        writer.family(
            "counterpart_http_requests_rejected_total", type: "counter",
            help:
                "Requests refused before handling, by reason: overload (--max-in-flight, 503), refused (bad framing, a timeout or a connection limit; answered by the HTTP layer and closed)."
        )
        for (reason, total) in [("overload", server.overloads), ("refused", server.refusals)] {
            writer.sample("counterpart_http_requests_rejected_total", [("reason", reason)], String(total))
        }
        counter(
            "http_fast_path_replies",
            "Answers given inside the callback that read the request, waiting for no job, timer or watcher.",
            server.fastPathReplies, into: &writer)
        counter("response_cache_hits", "GET answers served from the response cache.", cache.hits, into: &writer)
        counter(
            "response_cache_misses", "Response cache lookups that found no current answer.", cache.misses,
            into: &writer)
        gauge(
            "streams_open", "Streamed answers (server-sent events) open right now.", server.openStreams, into: &writer)
        counter(
            "streams_cut",
            "Streams cut because their client stopped reading (--max-unread-bytes of the stream unread).",
            server.streamsCut, into: &writer)
        counter(
            "streams_refused",
            "Streams refused over --max-streams-per-loop or --max-streams-per-client; each was told to retry.",
            streamsRefused, into: &writer)
    }

    /// `counterpart_<name>_total`, one unlabelled sample.
    private func counter(_ name: String, _ help: String, _ total: Int, into writer: inout ExpositionWriter) {
        let family = "counterpart_\(name)_total"
        writer.family(family, type: "counter", help: help)
        writer.sample(family, [], String(total))
    }

    /// `counterpart_<name>`, one unlabelled sample, written as a number with a fraction (`1.0`), as
    /// swift-prometheus wrote its gauges.
    private func gauge(_ name: String, _ help: String, _ value: Int, into writer: inout ExpositionWriter) {
        let family = "counterpart_\(name)"
        writer.family(family, type: "gauge", help: help)
        writer.sample(family, [], String(Double(value)))
    }
}
