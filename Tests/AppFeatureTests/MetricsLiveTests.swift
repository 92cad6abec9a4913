import AppFeature
import CounterpartTestSupport
import Dependencies
import EventHTTP
import Storage
import Testing

/// `GET /metrics` (issue #9, architecture.md §6): requests by route template, method and status,
/// durations, in-flight requests, cancellations by reason, repository call durations and
/// response-cache lookups, in Prometheus' text format. Tests/Clients/test_metrics.py parses the
/// same output with Prometheus' own client library.
@Suite("Live: /metrics")
struct MetricsLiveTests {
    @Test("requests are counted by route template and status; repository calls and cache lookups too")
    func counts() async throws {
        let metrics = AppMetrics()
        let cache = ResponseCache(capacity: 1 << 20)
        let database = try await AppDatabase.open(.memory, readers: 1, metrics: metrics)
        var values = DependencyValues._current
        try database.install(into: &values, cache: cache, resettable: false)
        try await LiveServer.runApp(dependencies: values) { server, port in
            metrics.observe(server: { server.statistics() }, cache: cache)
            let client = try HTTPClient(port: port)
            for target in [
                "/health", "/health", "/todos/deadbeef-dead-beef-dead-beefdeadbeef",
                "/todos/DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF", "/todos/00000000-0000-4000-8000-000000000000",
                "/todos", "/todos", "/nope", "/search/repositories?q=swift",
            ] {
                _ = try client.request("GET", target)
            }
            let scrape = try client.request("GET", "/metrics")
            #expect(scrape.status == 200)
            #expect(scrape.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
            let samples = PrometheusSamples(scrape.text)
            #expect(samples[#"counterpart_http_requests_total{route="/health",method="GET",status="200"}"#] == 2)
            #expect(samples[#"counterpart_http_requests_total{route="/todos/{id}",method="GET",status="200"}"#] == 2)
            #expect(samples[#"counterpart_http_requests_total{route="/todos/{id}",method="GET",status="404"}"#] == 1)
            #expect(samples[#"counterpart_http_requests_total{route="unmatched",method="GET",status="404"}"#] == 1)
            #expect(
                samples[#"counterpart_http_requests_total{route="/search/repositories",method="GET",status="200"}"#]
                    == 1)
            #expect(samples[#"counterpart_http_request_duration_seconds_count{route="/todos/{id}",method="GET"}"#] == 3)
            #expect(
                samples[
                    #"counterpart_repository_call_duration_seconds_count{repository="todos",operation="fetch"}"#] == 2,
                "the uppercase id is the same todo, answered from the cache")
            #expect(
                samples[
                    #"counterpart_repository_call_duration_seconds_count{repository="search",operation="search"}"#]
                    == 1)
            #expect(samples["counterpart_response_cache_hits_total"] == 2, "the uppercase id and the second GET /todos")
            #expect(samples["counterpart_response_cache_misses_total"] == 4)
            #expect(samples["counterpart_http_requests_in_flight"] == 1, "the scrape itself is in flight")
            #expect(samples["counterpart_http_fast_path_replies_total"] ?? 0 >= 3)
            for reason in ["client_gone", "deadline", "shutdown"] {
                #expect(samples[#"counterpart_effects_cancelled_total{reason="\#(reason)"}"#] == 0)
            }
        }
    }

    @Test("effects cancelled by a client leaving are counted, and the 503 it was answered with")
    func clientGone() async throws {
        let gate = Gate()
        let metrics = AppMetrics()
        try await LiveServer.run(gate: gate, metrics: metrics) { server, port in
            metrics.observe(server: { server.statistics() }, cache: .disabled)
            let leaving = try HTTPClient(port: port)
            try leaving.send("GET", "/slow")
            #expect(await eventually { gate.waiting == 1 })
            leaving.closeNow()
            #expect(await eventually { server.statistics().clientClosed == 1 })
            let samples = PrometheusSamples(try HTTPClient(port: port).request("GET", "/metrics").text)
            #expect(samples[#"counterpart_effects_cancelled_total{reason="client_gone"}"#] == 1)
            #expect(samples[#"counterpart_effects_cancelled_total{reason="deadline"}"#] == 0)
            #expect(samples[#"counterpart_http_requests_total{route="/slow",method="GET",status="503"}"#] == 1)
        }
    }

    @Test("effects cancelled by the request deadline are counted by reason")
    func deadline() async throws {
        let metrics = AppMetrics()
        try await LiveServer.run(metrics: metrics, configure: { $0.requestTimeout = .milliseconds(200) }) {
            server, port in
            metrics.observe(server: { server.statistics() }, cache: .disabled)
            #expect(try HTTPClient(port: port).request("GET", "/slow").status == 503)
            let samples = PrometheusSamples(try HTTPClient(port: port).request("GET", "/metrics").text)
            #expect(samples[#"counterpart_effects_cancelled_total{reason="deadline"}"#] == 1)
            #expect(samples[#"counterpart_effects_cancelled_total{reason="client_gone"}"#] == 0)
            #expect(samples[#"counterpart_http_requests_total{route="/slow",method="GET",status="503"}"#] == 1)
        }
    }
}

/// The samples of a Prometheus text exposition, by series (`name{labels}`) as written.
struct PrometheusSamples {
    private var values: [String: Double] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            values[String(line[..<space])] = value
        }
    }

    subscript(series: String) -> Double? { values[series] }
}
