import AppFeature
import CounterpartTestSupport
import Dependencies
import EventHTTP
import Foundation
import HTTPKit
import NewsletterFeature
import RepoSearchFeature
import Storage
import Synchronization
import Testing
import TodosFeature

@Suite("Demo controls (Prefer, twins, flags) and the request journal, in process")
struct DemoControlsHTTPTests {
    @Test("without --dev every control is ignored and /__admin is 404")
    func offWithoutDev() async throws {
        try await InProcessApp.run(dependencies: DemoFixtures.dependencies) { (client: InProcessApp) async throws in
            let answer = try await client.request("GET", "/todos?__status=503", headers: [("Prefer", "status=503")])
            #expect(answer.status == 200)
            #expect(answer.header("Preference-Applied") == nil)
            #expect(try await client.request("GET", "/__admin/requests").status == 404)
            #expect(try await client.request("GET", "/__admin/controls").status == 404)
        }
    }

    @Test("status: an injected problem, Retry-After on 503, the twin beating the header")
    func injectedStatus() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { (client: InProcessApp) async throws in
            let teapot = try await client.request("GET", "/todos", headers: [("Prefer", "status=418")])
            #expect(teapot.status == 418)
            #expect(teapot.reason == "Client Error", "a code without a standard phrase gets its class's")
            #expect(teapot.header("Preference-Applied") == "status=418")
            #expect(teapot.text.contains(#""type":"urn:counterpart:problem:injected""#))
            #expect(teapot.header("Retry-After") == nil)
            let unavailable = try await client.request(
                "GET", "/todos?__status=503", headers: [("Prefer", "status=418")])
            #expect(unavailable.status == 503)
            #expect(unavailable.header("Retry-After") == "1")
            #expect(unavailable.reason == "Service Unavailable", "an injected status still has its reason phrase")
            let limited = try await client.request("GET", "/todos", headers: [("Prefer", "status=429")])
            #expect(limited.reason == "Too Many Requests" && limited.header("Retry-After") == "1")
            #expect(try await client.request("GET", "/health", headers: [("Prefer", "status=500")]).status == 200)
        }
    }

    @Test("malformed and out-of-range values are ignored and not listed")
    func badValuesIgnored() async throws {
        let sleeps = RecordedSleeps()
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls(sleeps)
        ) { (client: InProcessApp) async throws in
            for prefer in [
                "delay=9000", "status=200", "status=5o3", "fail=11", "fail=0", "fault=explode", "delay=9-3", "delay",
            ] {
                let answer = try await client.request("GET", "/todos", headers: [("Prefer", prefer)])
                #expect(answer.status == 200, "\(prefer)")
                #expect(answer.header("Preference-Applied") == nil, "\(prefer)")
            }
            let mixed = try await client.request(
                "GET", "/todos", headers: [("Prefer", "return=minimal, status=9999, delay=5")])
            #expect(mixed.header("Preference-Applied") == "delay=5")
            #expect(sleeps.recorded == [.milliseconds(5)])
        }
    }

    @Test("delay: waited in a task, shown as Server-Timing delay;dur, a range drawn from the seed")
    func delay() async throws {
        func draws(seed: UInt64) async throws -> [Duration] {
            let sleeps = RecordedSleeps()
            try await InProcessApp.run(
                dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls(sleeps, seed: seed)
            ) { (client: InProcessApp) async throws in
                let fixed = try await client.request("GET", "/todos", headers: [("Prefer", "delay=800")])
                #expect(fixed.status == 200)
                #expect(fixed.header("Preference-Applied") == "delay=800")
                #expect(fixed.header("Server-Timing")?.contains("delay;dur=800.000") == true)
                for _ in 0..<5 {
                    let ranged = try await client.request("GET", "/todos?__delay=200-800")
                    #expect(ranged.header("Preference-Applied") == "delay=200-800")
                }
            }
            #expect(sleeps.recorded.first == .milliseconds(800))
            #expect(sleeps.recorded.dropFirst().allSatisfy { (.milliseconds(200)...(.milliseconds(800))).contains($0) })
            return sleeps.recorded
        }
        let first = try await draws(seed: 1)
        #expect(try await draws(seed: 1) == first, "the same requests wait the same on every run")
        #expect(try await draws(seed: 2) != first)
    }

    @Test("a real delay answers after it, and reports what it waited as Server-Timing delay;dur")
    func realDelay() async throws {
        try await InProcessApp.run(dependencies: DemoFixtures.dependencies, dev: true, controls: DemoControls()) {
            (client: InProcessApp) async throws in
            let started = ContinuousClock.now
            let answer = try await client.request("GET", "/todos", headers: [("Prefer", "delay=300")])
            // No upper bound: with every test started at once, the test's own task can wait many
            // seconds for a thread to resume it. What the server waited is in the answer.
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(answer.status == 200)
            #expect(answer.header("Server-Timing")?.contains("delay;dur=300") == true, "\(answer.headers)")
        }
    }

    @Test("a delay the deadline cuts short answers 503 and reports the delay as far as it ran")
    func delayPastTheDeadline() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoControls(),
            configure: { $0.requestTimeout = .seconds(1) }
        ) { (client: InProcessApp) async throws in
            let answer = try await client.request("GET", "/todos", headers: [("Prefer", "delay=5000")])
            #expect(answer.status == 503)
            let timing = ServerTimingMetrics(answer.header("Server-Timing"))
            // Half the deadline: libevent arms it from the time its loop's turn began, so on a busy
            // machine it can fire well before a second has passed by the request's own clock.
            #expect((500..<5000).contains(timing.delay ?? 0), "waited until the deadline, not the 5 s asked: \(timing)")
            #expect(timing.repo == 0, "no effect ran: \(timing)")
        }
    }

    @Test("fail=2 fails a scenario's first two requests, then succeeds; scenarios are per request or named")
    func failTwiceThenSucceed() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { (client: InProcessApp) async throws in
            var statuses: [Int] = []
            for _ in 0..<3 { statuses.append(try await client.request("GET", "/todos?__fail=2").status) }
            #expect(statuses == [503, 503, 200])
            #expect(
                try await client.request("GET", "/todos?x=1&__fail=2").status == 503, "another query, another scenario")
            var named: [ClientResponse] = []
            for index in 0..<3 {
                named.append(
                    try await client.request(
                        "GET", index == 1 ? "/pins/clusters?bbox=0,0,1,1&zoom=1" : "/todos",
                        headers: [("Prefer", "fail=2, scenario=retry, status=500")]
                    ))
            }
            #expect(named.map(\.status) == [500, 500, 200])
            #expect(named[0].header("Preference-Applied") == "fail=2, scenario=retry, status=500")
            #expect(named[2].header("Preference-Applied") == "fail=2, scenario=retry")
        }
    }

    @Test("fault=hang holds the request until the deadline answers 503, journalled timedOut")
    func hang() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls(),
            configure: { $0.requestTimeout = .seconds(1) }
        ) { (client: InProcessApp) async throws in
            let hung = try await client.request("GET", "/todos", headers: [("Prefer", "fault=hang")])
            #expect(hung.status == 503)
            let timing = ServerTimingMetrics(hung.header("Server-Timing"))
            // Half the deadline: libevent arms it from the time its loop's turn began, so on a busy
            // machine it can fire well before a second has passed by the request's own clock.
            #expect((timing.app ?? 0) >= 500, "the server held the request until its deadline: \(timing)")
            let entry = try #require(try await DemoFixtures.journal(client).first)
            #expect(entry.outcome == "timedOut")
            #expect(entry.status == 503)
        }
    }

    @Test("fault=malformed: 200 with the body cut mid-JSON and a Content-Length that matches it")
    func malformed() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { (client: InProcessApp) async throws in
            let whole = try await client.request("GET", "/todos")
            let cut = try await client.request("GET", "/todos", headers: [("Prefer", "fault=malformed")])
            #expect(cut.status == 200)
            #expect(cut.header("Preference-Applied") == "fault=malformed")
            #expect(cut.header("Content-Length") == "\(cut.body.count)")
            #expect(cut.body.count == whole.body.count / 2)
            #expect((try? JSONSerialization.jsonObject(with: Data(cut.body))) == nil)
            #expect(
                try await client.request("GET", "/todos/nope", headers: [("Prefer", "fault=malformed")]).header(
                    "Preference-Applied") == nil, "only a successful body is cut")
        }
    }

    @Test("an injected answer is never stored for the request's Idempotency-Key")
    func injectedNotStored() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { (client: InProcessApp) async throws in
            let body = Array(#"{"description":"Retry me"}"#.utf8)
            let headers = [("Idempotency-Key", "retry-1"), ("Content-Type", "application/json")]
            let failed = try await client.request(
                "POST", "/todos", headers: headers + [("Prefer", "status=503")], body: body)
            #expect(failed.status == 503)
            let retried = try await client.request("POST", "/todos", headers: headers, body: body)
            #expect(retried.status == 201)
            #expect(retried.header("Idempotent-Replayed") == nil)
        }
    }

    @Test("--fault-rate fails the same requests on every run with the same seed, never service routes")
    func seededFaultRate() async throws {
        func statuses(seed: UInt64) async throws -> [Int] {
            var statuses: [Int] = []
            try await InProcessApp.run(
                dependencies: DemoFixtures.dependencies, dev: true,
                controls: DemoFixtures.controls(flags: .init(faultRate: 0.3), seed: seed)
            ) { (client: InProcessApp) async throws in
                for _ in 0..<40 {
                    statuses.append(try await client.request("GET", "/todos").status)
                    #expect(try await client.request("GET", "/health").status == 200)
                }
                let overridden = try await client.request("GET", "/todos", headers: [("Prefer", "status=418")])
                #expect(overridden.status == 418, "Prefer beats the flag")
            }
            return statuses
        }
        let first = try await statuses(seed: 1)
        #expect(Set(first) == [200, 503])
        #expect(try await statuses(seed: 1) == first)
        #expect(try await statuses(seed: 2) != first)
    }

    @Test("--latency delays domain requests by a seeded draw, never /health; Prefer's delay wins")
    func latencyFlag() async throws {
        let sleeps = RecordedSleeps()
        let controls = DemoFixtures.controls(sleeps, flags: .init(latency: 200...800))
        try await InProcessApp.run(dependencies: DemoFixtures.dependencies, dev: true, controls: controls) {
            (client: InProcessApp) async throws in
            let delayed = try await client.request("GET", "/todos")
            #expect(delayed.header("Preference-Applied") == nil, "a flag is not a preference")
            #expect(delayed.header("Server-Timing")?.contains("delay;dur=") == true)
            #expect(try await client.request("GET", "/health").header("Server-Timing")?.contains("delay") == false)
            _ = try await client.request("GET", "/todos", headers: [("Prefer", "delay=7")])
        }
        #expect(sleeps.recorded.count == 2)
        #expect((.milliseconds(200)...(.milliseconds(800))).contains(sleeps.recorded[0]))
        #expect(sleeps.recorded[1] == .milliseconds(7))
    }

    @Test("the journal: newest first, domain requests only, every field; DELETE clears it; limit checked")
    func journal() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { (client: InProcessApp) async throws in
            let before = Date()
            _ = try await client.request("GET", "/todos")
            _ = try await client.request("GET", "/health")
            _ = try await client.request("GET", "/nowhere")
            _ = try await client.request("GET", "/todos?__status=500&__delay=3")
            let entries = try await DemoFixtures.journal(client)
            #expect(entries.map(\.path) == ["/todos", "/nowhere", "/todos"])
            #expect(entries.map(\.status) == [500, 404, 200])
            #expect(entries[0].preferenceApplied == "delay=3, status=500")
            #expect(entries[0].injectedDelayMs == 3)
            #expect(entries[0].query == "__status=500&__delay=3")
            #expect(entries[2].query == nil && entries[2].outcome == "completed" && entries[2].method == "GET")
            // Between the test's own clock readings (the journal keeps whole seconds), however long
            // a loaded machine took.
            #expect(
                entries[2].receivedAt >= before.addingTimeInterval(-1) && entries[2].receivedAt <= Date(),
                "\(entries[2].receivedAt) is not between \(before) and now")
            #expect(try await DemoFixtures.journal(client, limit: 1).count == 1)
            #expect(try await client.request("GET", "/__admin/requests?limit=501").status == 400)
            #expect(try await client.request("DELETE", "/__admin/requests").status == 204)
            #expect(try await DemoFixtures.journal(client).isEmpty)
        }
    }

    @Test("/__admin/controls shows and patches the flags; bad bodies are 422 naming the member")
    func controlsRoute() async throws {
        let controls = DemoFixtures.controls()
        try await InProcessApp.run(dependencies: DemoFixtures.dependencies, dev: true, controls: controls) {
            (client: InProcessApp) async throws in
            #expect(try await client.request("GET", "/__admin/controls").text == #"{"latency":null,"faultRate":0}"#)
            let json = [("Content-Type", "application/json")]
            let patched = try await client.request(
                "PATCH", "/__admin/controls", headers: json, body: Array(#"{"latency":{"minMs":200,"maxMs":800}}"#.utf8)
            )
            #expect(patched.text == #"{"latency":{"minMs":200,"maxMs":800},"faultRate":0}"#)
            #expect(controls.flags.latency == 200...800)
            let rate = try await client.request(
                "PATCH", "/__admin/controls", headers: json, body: Array(#"{"faultRate":0.05,"latency":null}"#.utf8))
            #expect(rate.text == #"{"latency":null,"faultRate":0.05}"#)
            let bad = try await client.request(
                "PATCH", "/__admin/controls", headers: json,
                body: Array(#"{"latency":{"minMs":900,"maxMs":800},"faultRate":2}"#.utf8))
            #expect(bad.status == 422)
            #expect(bad.text.contains(#""field":"latency.maxMs""#) && bad.text.contains(#""field":"faultRate""#))
            #expect(controls.flags == .init(faultRate: 0.05), "a rejected patch changes nothing")
            let mergePatch = try await client.request(
                "PATCH", "/__admin/controls", headers: [("Content-Type", "application/merge-patch+json")],
                body: Array(#"{"faultRate":0}"#.utf8))
            #expect(mergePatch.text == #"{"latency":null,"faultRate":0}"#)
            let text = try await client.request(
                "PATCH", "/__admin/controls", headers: [("Content-Type", "text/plain")], body: Array("{}".utf8))
            #expect(text.status == 415)
            // As the document's Accept-Patch says for every PATCH route.
            #expect(text.header("Accept-Patch") == "application/merge-patch+json, application/json")
        }
    }
}

@Suite("POST /__admin/reset, in process")
struct ResetHTTPTests {
    static var dependencies: DependencyValues {
        var values = DependencyValues._current
        values.todoRepository = .inMemory(seed: TodosSeed.demo)
        values.newsletterRepository = .inMemory()
        values.repoSearchRepository = .inMemory([])
        values.outbox = Outbox(keepsMail: true)
        values.responseCache = ResponseCache(capacity: 1 << 20)
        return values
    }

    @Test("every domain back to its seed: todos, subscribers, outbox, keys, windows, scenarios, journal")
    func reset() async throws {
        let dependencies = Self.dependencies
        let limiter = RateLimiter.standard(overrides: ["search": .init(requests: 1, enforced: true)], now: { 0 })
        try await InProcessApp.run(
            dependencies: dependencies, dev: true, controls: DemoFixtures.controls(), rateLimiter: limiter
        ) { (client: InProcessApp) async throws in
            let json = [("Content-Type", "application/json")]
            let seeded = try await client.request("GET", "/todos").text
            let key = [("Idempotency-Key", "reset-1")] + json
            #expect(
                try await client.request("POST", "/todos", headers: key, body: Array(#"{"description":"A"}"#.utf8))
                    .status
                    == 201)
            #expect(
                try await client.request(
                    "POST", "/newsletter/subscriptions", headers: json,
                    body: Array(#"{"email":"new@example.org"}"#.utf8)
                ).status == 202)
            #expect(try await client.request("GET", "/search/repositories?q=swift").status == 200)
            #expect(try await client.request("GET", "/search/repositories?q=swift").status == 429)
            #expect(try await client.request("GET", "/todos?__fail=1").status == 503)
            #expect(try await client.request("GET", "/todos").text != seeded)

            let reset = try await client.request("POST", "/__admin/reset")
            #expect(reset.status == 200)
            #expect(reset.text == #"{"seed":1,"todos":4,"repositories":5000,"pins":2800,"subscribers":3}"#)

            #expect(try await client.request("GET", "/todos").text == seeded)
            let subscribers = try await client.request("GET", "/__admin/newsletter/subscribers").text
            #expect(!subscribers.contains("new@example.org") && subscribers.contains("pending@example.com"))
            #expect(try await client.request("GET", "/__admin/outbox").text == "[]")
            #expect(try await client.request("GET", "/search/repositories?q=swift").status == 200, "the window is new")
            #expect(try await client.request("GET", "/todos?__fail=1").status == 503, "the scenario starts again")
            let again = try await client.request(
                "POST", "/todos", headers: key, body: Array(#"{"description":"B"}"#.utf8))
            #expect(again.status == 201 && again.header("Idempotent-Replayed") == nil, "the key is forgotten")
            let journal = try await DemoFixtures.journal(client)
            #expect(
                journal.map { $0.method + " " + $0.path } == [
                    "POST /todos", "GET /todos", "GET /search/repositories", "GET /todos",
                ], "cleared at the reset; admin routes never journalled")
        }
    }

    @Test("the body: {} or none is the served seed; another seed is 422 where the datasets are fixed; bad bodies")
    func seedBody() async throws {
        try await InProcessApp.run(
            dependencies: Self.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { (client: InProcessApp) async throws in
            let json = [("Content-Type", "application/json")]
            #expect(
                try await client.request("POST", "/__admin/reset", headers: json, body: Array("{}".utf8)).status == 200)
            #expect(
                try await client.request("POST", "/__admin/reset", headers: json, body: Array(#"{"seed":1}"#.utf8))
                    .status
                    == 200)
            let other = try await client.request(
                "POST", "/__admin/reset", headers: json, body: Array(#"{"seed":42}"#.utf8))
            #expect(other.status == 422)
            #expect(other.text.contains(#""field":"seed""#) && other.text.contains("fixed at seed 1"))
            let bad = try await client.request(
                "POST", "/__admin/reset", headers: json, body: Array(#"{"seed":-1}"#.utf8))
            #expect(bad.status == 422)
            #expect(
                try await client.request("POST", "/__admin/reset", headers: json, body: Array("{".utf8)).status == 400)
        }
    }
}

@Suite("fault=incomplete on search, in process")
struct IncompleteSearchHTTPTests {
    @Test("search answers from the even ids with incomplete_results true; other routes ignore it")
    func incomplete() async throws {
        var dependencies = DemoFixtures.dependencies
        dependencies.repoSearchRepository = .inMemory(RepositorySeed.repositories())
        try await InProcessApp.run(dependencies: dependencies, dev: true, controls: DemoFixtures.controls()) {
            (client: InProcessApp) async throws in
            struct Page: Decodable {
                struct Item: Decodable { var id: Int }
                var total_count: Int
                var incomplete_results: Bool
                var items: [Item]
            }
            let target = "/search/repositories?q=stars:%3E=0&per_page=100"
            let whole = try await JSONDecoder().decode(Page.self, from: Data(client.request("GET", target).body))
            let partial = try await client.request("GET", target + "&__fault=incomplete")
            #expect(partial.header("Preference-Applied") == "fault=incomplete")
            let page = try JSONDecoder().decode(Page.self, from: Data(partial.body))
            #expect(!whole.incomplete_results && page.incomplete_results)
            #expect(page.items.count == 100 && page.items.allSatisfy { $0.id.isMultiple(of: 2) })
            #expect(page.total_count < whole.total_count && page.total_count > whole.total_count / 3)
            let again = try await JSONDecoder().decode(Page.self, from: Data(client.request("GET", target).body))
            #expect(!again.incomplete_results, "a partial answer is never cached as the whole one")
            let todos = try await client.request("GET", "/todos?__fault=incomplete")
            #expect(todos.status == 200 && todos.header("Preference-Applied") == nil)
        }
    }

    @Test("fault=incomplete where it cannot apply does not shield the request from --fault-rate")
    func inapplicableFaultLeavesTheFaultRate() async throws {
        try await InProcessApp.run(
            dependencies: DemoFixtures.dependencies, dev: true,
            controls: DemoFixtures.controls(flags: .init(faultRate: 1))
        ) { (client: InProcessApp) async throws in
            let todos = try await client.request("GET", "/todos", headers: [("Prefer", "fault=incomplete")])
            #expect(todos.status == 503, "the preference was not applied, so the fault rate draws as for any request")
            #expect(todos.header("Preference-Applied") == nil)
        }
    }
}
