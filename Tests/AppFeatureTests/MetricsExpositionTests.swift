import Testing

@testable import AppFeature

/// The histogram counts and the text Counterpart writes for the figures it records itself
/// (`DurationCounts`, `ExpositionWriter`): what Prometheus reads of them must not depend on who wrote
/// the family.
@Suite("Metrics: histogram counts and their exposition")
struct MetricsExpositionTests {
    @Test("a duration lands in the first bucket whose bound holds it; bounds are inclusive")
    func buckets() {
        var counts = DurationCounts()
        for duration: Duration in [
            .microseconds(40), .microseconds(100), .nanoseconds(100_001), .milliseconds(7), .seconds(10),
            .seconds(11), .seconds(-1),
        ] {
            counts.record(duration)
        }
        var expected = [Int](repeating: 0, count: 17)
        expected[0] = 3  // 40 µs, exactly 100 µs, and the negative duration counted as zero
        expected[1] = 1  // 100.001 µs
        expected[6] = 1  // 7 ms: over 5 ms, within 10 ms
        expected[15] = 1  // exactly 10 s
        expected[16] = 1  // 11 s: over every bound
        #expect(counts.perBucket == expected)
        #expect(counts.count == 7)
        #expect(counts.sumNanoseconds == 40_000 + 100_000 + 100_001 + 7_000_000 + 10_000_000_000 + 11_000_000_000)
    }

    @Test("a duration beyond Int's nanoseconds counts as the largest, without trapping")
    func hugeDuration() {
        var counts = DurationCounts()
        counts.record(.seconds(Int64.max))
        #expect(counts.perBucket.last == 1)
        #expect(counts.sumNanoseconds == .max)
    }

    @Test("seconds are written as swift-prometheus writes its bucket bounds")
    func seconds() {
        #expect(
            DurationCounts.boundNanoseconds.map(ExpositionWriter.seconds) == [
                "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25",
                "0.5",
                "1.0", "2.5", "5.0", "10.0",
            ])
        #expect(ExpositionWriter.seconds(0) == "0.0")
        #expect(ExpositionWriter.seconds(12_000_000_345) == "12.000000345")
    }

    @Test("a histogram series: cumulative buckets up to +Inf, its sum in seconds and its count")
    func histogram() {
        var counts = DurationCounts()
        counts.record(.microseconds(50))
        counts.record(.milliseconds(3))
        counts.record(.seconds(30))
        var writer = ExpositionWriter()
        writer.family("h_seconds", type: "histogram", help: "Help with a \\ and a\nline feed.")
        writer.histogram("h_seconds", [("route", #"/a"b\c"#)], counts)
        let lines = String(decoding: writer.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines[0] == #"# HELP h_seconds Help with a \\ and a\nline feed."#)
        #expect(lines[1] == "# TYPE h_seconds histogram")
        #expect(lines[2] == #"h_seconds_bucket{route="/a\"b\\c",le="0.0001"} 1"#)
        #expect(lines[7] == #"h_seconds_bucket{route="/a\"b\\c",le="0.005"} 2"#)
        #expect(lines[17] == #"h_seconds_bucket{route="/a\"b\\c",le="10.0"} 2"#)
        #expect(lines[18] == #"h_seconds_bucket{route="/a\"b\\c",le="+Inf"} 3"#)
        #expect(lines[19] == #"h_seconds_sum{route="/a\"b\\c"} 30.00305"#)
        #expect(lines[20] == #"h_seconds_count{route="/a\"b\\c"} 3"#)
        #expect(lines.count == 21)
    }

    @Test("answers are counted per status, their durations summed per route and method")
    func answers() {
        let answers = AnswerMetrics()
        answers.record(route: "/todos", method: "GET", status: 200, duration: .microseconds(80))
        answers.record(route: "/todos", method: "GET", status: 304, duration: .milliseconds(2))
        answers.record(route: "/todos", method: "POST", status: 201, duration: .milliseconds(20))
        answers.record(route: "/health", method: "GET", status: 200, duration: .microseconds(30))
        var writer = ExpositionWriter()
        answers.write(into: &writer)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        let samples = PrometheusSamples(text)
        #expect(samples[#"counterpart_http_requests_total{route="/todos",method="GET",status="200"}"#] == 1)
        #expect(samples[#"counterpart_http_requests_total{route="/todos",method="GET",status="304"}"#] == 1)
        #expect(samples[#"counterpart_http_request_duration_seconds_count{route="/todos",method="GET"}"#] == 2)
        #expect(samples[#"counterpart_http_request_duration_seconds_count{route="/todos",method="POST"}"#] == 1)
        #expect(
            samples[#"counterpart_http_request_duration_seconds_bucket{route="/todos",method="GET",le="0.0025"}"#] == 2)
        #expect(
            samples[#"counterpart_http_request_duration_seconds_bucket{route="/todos",method="GET",le="0.0001"}"#] == 1)
        #expect(samples[#"counterpart_http_request_duration_seconds_sum{route="/health",method="GET"}"#] == 0.00003)
        let durationFamilies = text.split(separator: "\n").filter {
            $0 == "# TYPE counterpart_http_request_duration_seconds histogram"
        }
        #expect(durationFamilies.count == 1, "one family, both methods' series in it")
    }
}
