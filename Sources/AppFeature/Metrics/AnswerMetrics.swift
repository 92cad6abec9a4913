import Synchronization

/// Every answer, counted by route template, method and status, with its duration per template and
/// method: `counterpart_http_requests_total` and `counterpart_http_request_duration_seconds`.
///
/// Recording an answer is one lookup in a locked table and a few additions (`DurationCounts`); no
/// label is built per request. The table is keyed by template, method and status together, and the
/// durations of one template and method are summed over its statuses when `/metrics` is scraped.
/// A `final class` because the table is shared by every loop, guarded by its `Mutex`.
final class AnswerMetrics: Sendable {
    private let table = Mutex<[Key: Answers]>([:])

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

    /// The answers with one key: how many, and how long they took.
    private struct Answers {
        var count = 0
        var durations = DurationCounts()

        mutating func record(_ duration: Duration) {
            count += 1
            durations.record(duration)
        }
    }

    private static let requests = "counterpart_http_requests_total"
    private static let duration = "counterpart_http_request_duration_seconds"

    /// Counts one answer with `status` to `method` on `route` (a template such as `/todos/{id}`, or
    /// `unmatched`), which took `duration` from receipt to reply.
    func record(route: String, method: String, status: Int, duration: Duration) {
        let key = Key(route: route, method: method, status: status)
        table.withLock { $0[key, default: Answers()].record(duration) }
    }

    /// Writes both families, their series ordered by route, method and status.
    func write(into writer: inout ExpositionWriter) {
        let answers = table.withLock { $0 }.sorted {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }
        writer.family(Self.requests, type: "counter", help: "Requests answered, by route template, method and status.")
        for (key, answers) in answers {
            writer.sample(
                Self.requests, [("route", key.route), ("method", key.method), ("status", String(key.status))],
                String(answers.count))
        }
        writer.family(Self.duration, type: "histogram", help: "Time from receiving a request to writing its answer.")
        var index = answers.startIndex
        while index < answers.endIndex {
            let (route, method) = (answers[index].key.route, answers[index].key.method)
            var durations = DurationCounts()
            while index < answers.endIndex, answers[index].key.route == route, answers[index].key.method == method {
                durations.add(answers[index].value.durations)
                index += 1
            }
            writer.histogram(Self.duration, [("route", route), ("method", method)], durations)
        }
    }
}
