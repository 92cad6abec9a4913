import AppFeature
import CounterpartTestSupport
import Dependencies
import Foundation
import HTTPKit
import NewsletterFeature
import Storage
import Synchronization
import Testing
import TodosFeature

/// Sandboxes over HTTP (api.md §6.4): isolation of every mutable route, URLs that keep the prefix,
/// bad names, the limit, and the default sandbox as it always was.
@Suite("Live: sandboxes")
struct SandboxLiveTests {
    /// In-memory stores for the default sandbox, a kept outbox, and a response cache that is on.
    static func dependencies() -> DependencyValues {
        var values = DependencyValues._current
        values.todoRepository = .inMemory(seed: TodosSeed.demo)
        values.newsletterRepository = .inMemory()
        values.outbox = Outbox(keepsMail: true)
        values.newsletterPolicy = NewsletterPolicy()
        values.tokenGenerator = .system
        values.responseCache = ResponseCache(capacity: 1 << 20)
        return values
    }

    static let json = [("Content-Type", "application/json")]
    static let seedDescriptions = ["Check Mail", "Buy Milk", "Call Mom", "Water the plants"]

    @Test("every mutable route run in sandbox a leaves sandbox b and the default one as they were")
    func isolation() async throws {
        let limiter = RateLimiter.standard(overrides: ["newsletter": .init(requests: 2, enforced: true)], now: { 0 })
        try await LiveServer.runApp(dependencies: Self.dependencies(), dev: true, rateLimiter: limiter) { _, port in
            let a = try SandboxClient(port: port, prefix: "/sandboxes/a")
            let b = try SandboxClient(port: port, header: "b")
            let home = try SandboxClient(port: port)
            // Warm b's and the default's cached lists, so a stale cache would show.
            let before = try [b, home].map { try $0.get("/todos").text }

            let created = try a.send("POST", "/todos", json: #"{"description":"a's own"}"#)
            #expect(created.status == 201)
            let id = try #require(created.header("Location")?.split(separator: "/").last.map(String.init))
            #expect(
                try a.send("PUT", "/todos/\(id)", json: #"{"description":"a's, replaced","isComplete":false}"#).status
                    == 200)
            #expect(
                try a.send("PATCH", "/todos/deadbeef-dead-beef-dead-beefdeadbeef", json: #"{"isComplete":true}"#).status
                    == 200)
            #expect(try a.send("DELETE", "/todos/cafebeef-cafe-beef-cafe-beefcafebeef").status == 204)
            let order = try a.todoIDs().reversed().map { "\"\($0)\"" }.joined(separator: ",")
            #expect(try a.send("POST", "/todos/reorder", json: #"{"ids":[\#(order)]}"#).status == 200)
            #expect(try a.send("DELETE", "/todos?filter=completed").status == 204)
            #expect(try a.send("POST", "/todo-backend", json: #"{"title":"backend"}"#).status == 201)
            let key = [("Idempotency-Key", "same-key")]
            #expect(try a.send("POST", "/todos", headers: key, json: #"{"description":"keyed"}"#).status == 201)

            #expect(try b.get("/todos").text == before[0], "b's list, and its cached answer, are unchanged")
            #expect(try home.get("/todos").text == before[1], "the default list is unchanged")
            #expect(try a.descriptions() == ["keyed", "backend", "a's, replaced"])
            let keyedInB = try b.send("POST", "/todos", headers: key, json: #"{"description":"other body"}"#)
            #expect(keyedInB.status == 201, "the key is a's alone: in b it is new, not reused")
            let reused = try a.send("POST", "/todos", headers: key, json: #"{"description":"other body"}"#)
            #expect(reused.status == 422)
            let explicitDefault = try SandboxClient(port: port, prefix: "/sandboxes/default")
            let spelled = try explicitDefault.send("POST", "/todos", headers: key, json: #"{"description":"x"}"#)
            #expect(spelled.status == 201)
            let plain = try home.send("POST", "/todos", headers: key, json: #"{"description":"y"}"#)
            #expect(
                plain.status == 201, "the two spellings of default keep their keys apart: their answers' URLs differ")
            #expect(try home.send("DELETE", "/todos/\(Self.id(of: plain))").status == 204)
            #expect(try home.send("DELETE", "/todos/\(Self.id(of: spelled))").status == 204)

            // The newsletter: the outbox, tokens and rate windows are the sandbox's.
            #expect(try a.send("POST", "/newsletter/subscriptions", json: #"{"email":"x@example.com"}"#).status == 202)
            #expect(try a.send("POST", "/newsletter/subscriptions", json: #"{"email":"y@example.com"}"#).status == 202)
            #expect(try a.send("POST", "/newsletter/subscriptions", json: #"{"email":"z@example.com"}"#).status == 429)
            #expect(try b.send("POST", "/newsletter/subscriptions", json: #"{"email":"z@example.com"}"#).status == 202)
            let token = try #require(try a.confirmToken(to: "x@example.com"))
            #expect(try b.confirmToken(to: "x@example.com") == nil, "b's outbox holds b's mail only")
            #expect(try home.get("/__admin/outbox").text == "[]")
            #expect(try b.send("POST", "/newsletter/confirmations", json: #"{"token":"\#(token)"}"#).status == 404)
            #expect(try a.send("POST", "/newsletter/confirmations", json: #"{"token":"\#(token)"}"#).status == 200)
            #expect(try a.subscriberEmails().contains("x@example.com"))
            #expect(try !b.subscriberEmails().contains("x@example.com"))

            // Fail scenarios and the journal.
            let fail = [("Prefer", "fail=1, scenario=login")]
            #expect(try a.send("GET", "/todos", headers: fail).status == 503)
            #expect(try a.send("GET", "/todos", headers: fail).status == 200)
            #expect(try b.send("GET", "/todos", headers: fail).status == 503, "b counts its own scenario")
            #expect(try a.journalPaths().contains("/todo-backend"))
            #expect(try !b.journalPaths().contains("/todo-backend"))
            #expect(try !home.journalPaths().contains("/todos/reorder"))
            #expect(try a.send("DELETE", "/__admin/requests").status == 204)
            #expect(try a.journalPaths().isEmpty)
            #expect(try !b.journalPaths().isEmpty)

            // The run-time flags: a failing every request fails a's alone.
            #expect(try a.send("PATCH", "/__admin/controls", json: #"{"faultRate":1}"#).status == 200)
            #expect(try a.send("GET", "/todos").status == 503)
            #expect(try b.send("GET", "/todos").status == 200)
            #expect(try home.send("GET", "/todos").status == 200)
            for other in [b, home] {
                #expect(try other.get("/__admin/controls").text == #"{"latency":null,"faultRate":0}"#)
            }
            #expect(try a.send("PATCH", "/__admin/controls", json: #"{"faultRate":0}"#).status == 200)

            // A reset puts back a alone.
            #expect(try b.send("DELETE", "/todos/f00dface-f00d-face-f00d-facef00dface").status == 204)
            #expect(try a.send("POST", "/__admin/reset").status == 200)
            #expect(try a.descriptions() == Self.seedDescriptions)
            #expect(try !b.descriptions().contains("Water the plants"))
            #expect(try home.descriptions() == Self.seedDescriptions)
        }
    }

    @Test("inside a sandbox every absolute URL keeps its prefix; without one, none appears")
    func urlsKeepThePrefix() async throws {
        try await LiveServer.runApp(
            dependencies: Self.dependencies(), publicURL: "http://example.test", dev: true
        ) { _, port in
            for client in [
                try SandboxClient(port: port, prefix: "/sandboxes/s1"), try SandboxClient(port: port, header: "s1"),
            ] {
                let base = "http://example.test/sandboxes/s1"
                let created = try client.send("POST", "/todos", json: #"{"description":"x"}"#)
                #expect(created.header("Location")?.hasPrefix(base + "/todos/") == true)
                let page = try client.get("/todos?per_page=2")
                #expect(page.header("Link")?.hasPrefix("<\(base)/todos?page=2&per_page=2>; rel=\"next\"") == true)
                #expect(page.text.contains(#""url":"\#(base)/todos/"#))
                #expect(try client.get("/todo-backend").text.contains(#""url":"\#(base)/todo-backend/"#))
                _ = try client.send("POST", "/newsletter/subscriptions", json: #"{"email":"u@example.com"}"#)
                let mail = try client.get("/__admin/outbox").text
                #expect(mail.contains("\(base)/newsletter/confirm?token="))
                let token = try #require(try client.confirmToken(to: "u@example.com"))
                let form = try client.send(
                    "GET", "/newsletter/confirm?token=\(token)", headers: [("Accept", "text/html")])
                #expect(form.text.contains(#"action="/sandboxes/s1/newsletter/confirmations""#))
            }
            let home = try SandboxClient(port: port)
            let created = try home.send("POST", "/todos", json: #"{"description":"x"}"#)
            #expect(created.header("Location")?.hasPrefix("http://example.test/todos/") == true)
            #expect(try !home.get("/todos").text.contains("/sandboxes/"))
            #expect(try home.get("/__admin").text.contains(#"<script src="/__admin/console.js">"#))
            let sandboxed = try SandboxClient(port: port, prefix: "/sandboxes/s1").get("/__admin").text
            #expect(sandboxed.contains(#"<script src="/sandboxes/s1/__admin/console.js">"#))
        }
    }

    @Test("bad names, a path and header that disagree, and prefixed service routes are refused")
    func badInput() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies(), dev: true) { _, port in
            let client = try HTTPClient(port: port)
            let long = String(repeating: "x", count: 65)
            for path in ["/sandboxes/a%20b/todos", "/sandboxes/\(long)/todos", "/sandboxes/%41/todos"] {
                let response = try client.request("GET", path)
                #expect(response.status == 400, "\(path)")
                #expect(response.text.contains(#""field":"path""#), "\(path): \(response.text)")
            }
            // `.` and `..` are dot segments: a client resolving the sandbox's links would leave it,
            // `/sandboxes/../todos/{id}` becoming the default sandbox's todo.
            for name in [".", "..", "..."] {
                for response in [
                    try client.request("GET", "/sandboxes/\(name)/todos"),
                    try client.request(
                        "POST", "/todos",
                        headers: [("Counterpart-Sandbox", name), ("Content-Type", "application/json")],
                        body: Array(#"{"description":"x"}"#.utf8)),
                ] {
                    #expect(response.status == 400, "\(name)")
                    #expect(response.text.contains("is only dots"), "\(name): \(response.text)")
                }
            }
            #expect(try client.request("GET", "/sandboxes/..a/todos").status == 200, "dots within a name are fine")
            let badHeader = try client.request("GET", "/todos", headers: [("Counterpart-Sandbox", "no/slash")])
            #expect(badHeader.status == 400)
            #expect(badHeader.text.contains(#""field":"Counterpart-Sandbox""#))
            let disagree = try client.request("GET", "/sandboxes/a/todos", headers: [("Counterpart-Sandbox", "b")])
            #expect(disagree.status == 400)
            #expect(disagree.text.contains("names sandbox a and the Counterpart-Sandbox header b"))
            #expect(
                try client.request("GET", "/sandboxes/a/todos", headers: [("Counterpart-Sandbox", "a")]).status == 200)
            let service = try client.request("GET", "/sandboxes/a/health")
            #expect(service.status == 404)
            #expect(service.text.contains("shared by every sandbox"))
            #expect(try client.request("GET", "/health", headers: [("Counterpart-Sandbox", "a")]).status == 200)
            let nowhere = try client.request("GET", "/sandboxes/a/nowhere")
            #expect(nowhere.status == 404)
            #expect(nowhere.text.contains("No route matches /sandboxes/a/nowhere."), "the path as the client sent it")
            let search = try client.request("GET", "/sandboxes/a/search/repositories")
            #expect(search.status == 422)
            #expect(search.text.contains(#""message":"Validation Failed""#), "GitHub's envelope, in a sandbox too")
            #expect(try client.request("DELETE", "/sandboxes/default").status == 409)
            #expect(try client.request("DELETE", "/sandboxes/never-made").status == 404)
            #expect(try client.request("GET", "/sandboxes/a").status == 405)
            #expect(try client.request("DELETE", "/sandboxes/a").status == 204)
            #expect(try client.request("OPTIONS", "/sandboxes/o/todos").status == 204)
            #expect(try client.request("PUT", "/sandboxes/o/todos").status == 405)
            #expect(
                try !client.request("GET", "/__admin/requests").text.contains(#""method":"OPTIONS""#),
                "a preflight in a sandbox is not journalled in the default one")
            #expect(try client.request("GET", "/health", headers: [("Counterpart-Sandbox", "no/slash")]).status == 200)
            let envelope = try client.request("GET", "/sandboxes/bad!/search/repositories?q=x")
            #expect(envelope.status == 400)
            #expect(
                envelope.text.contains(#""message":"#) && !envelope.text.contains("urn:counterpart"), "\(envelope.text)"
            )
            #expect(envelope.text.contains("The sandbox name bad! in the path is invalid"), "named: \(envelope.text)")
            let disagreeing = try client.request(
                "GET", "/sandboxes/a/search/repositories?q=x", headers: [("Counterpart-Sandbox", "b")])
            #expect(
                disagreeing.text.contains("names sandbox a and the Counterpart-Sandbox header b"), "\(disagreeing.text)"
            )
            let index = try client.request("GET", "/", headers: [("Counterpart-Sandbox", "h")]).text
            #expect(!index.contains("/sandboxes/"), "the shared index is the same whatever the header says")
            struct Listed: Decodable { var name: String }
            let listed = try JSONDecoder().decode(
                [Listed].self, from: Data(client.request("GET", "/__admin/sandboxes").body))
            #expect(listed.map(\.name) == ["..a"], "refused requests create none; a, dropped, stays dropped")
        }
    }
}

extension SandboxLiveTests {
    /// The id at the end of a created todo's `Location`.
    static func id(of created: ClientResponse) -> String {
        String(created.header("Location")?.split(separator: "/").last ?? "")
    }
}

/// A blocking client that runs every request in one sandbox: by path prefix, by header, or none.
struct SandboxClient {
    let client: HTTPClient
    let prefix: String
    let headers: [(String, String)]

    init(port: Int, prefix: String = "", header: String? = nil) throws {
        client = try HTTPClient(port: port)
        self.prefix = prefix
        headers = header.map { [("Counterpart-Sandbox", $0)] } ?? []
    }

    func send(_ method: String, _ path: String, headers: [(String, String)] = [], json: String? = nil) throws
        -> ClientResponse
    {
        let type = json == nil ? [] : [("Content-Type", "application/json")]
        return try client.request(
            method, prefix + path, headers: self.headers + type + headers, body: Array((json ?? "").utf8))
    }

    func get(_ path: String) throws -> ClientResponse { try send("GET", path) }

    func todos() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(get("/todos").body)) as? [[String: Any]] ?? []
    }

    func descriptions() throws -> [String] { try todos().compactMap { $0["description"] as? String } }

    func todoIDs() throws -> [String] { try todos().compactMap { $0["id"] as? String } }

    /// The token of the newest confirmation mail to `address` in this sandbox's outbox.
    func confirmToken(to address: String) throws -> String? {
        let mails = try JSONSerialization.jsonObject(with: Data(get("/__admin/outbox").body)) as? [[String: Any]] ?? []
        let mail = mails.first { ($0["to"] as? String) == address && ($0["kind"] as? String) == "confirmation" }
        let link = (mail?["links"] as? [String: Any])?["confirm"] as? String
        return link?.split(separator: "=").last.map(String.init)
    }

    func subscriberEmails() throws -> [String] {
        let list = try JSONSerialization.jsonObject(with: Data(get("/__admin/newsletter/subscribers").body))
        return (list as? [[String: Any]] ?? []).compactMap { $0["email"] as? String }
    }

    func journalPaths() throws -> [String] {
        let list = try JSONSerialization.jsonObject(with: Data(get("/__admin/requests").body))
        return (list as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }
}

@Suite("Live: sandbox limits and parallel UI tests")
struct SandboxScaleLiveTests {
    @Test("one sandbox beyond --max-sandboxes is 503 sandbox-limit with Retry-After; a drop makes room")
    func limit() async throws {
        try await LiveServer.runApp(
            dependencies: SandboxLiveTests.dependencies(), dev: true,
            sandboxLimits: SandboxLimits(maximum: 2, idleSeconds: 3_600)
        ) { _, port in
            let client = try HTTPClient(port: port)
            #expect(try client.request("GET", "/sandboxes/one/todos").status == 200)
            #expect(try client.request("GET", "/todos", headers: [("Counterpart-Sandbox", "two")]).status == 200)
            let refused = try client.request("GET", "/sandboxes/three/todos")
            #expect(refused.status == 503)
            #expect(refused.text.contains(#""type":"urn:counterpart:problem:sandbox-limit""#))
            #expect(refused.text.contains("at most 2 sandboxes"))
            let retryAfter = try #require(refused.header("Retry-After").flatMap(Int.init))
            #expect((3_500...3_601).contains(retryAfter), "the least recently used expires in about an hour")
            let gitHub = try client.request("GET", "/sandboxes/three/search/repositories?q=x")
            #expect(gitHub.status == 503)
            #expect(
                gitHub.text.contains(#""message":"Sandbox limit reached. This server keeps at most 2 sandboxes"#),
                "GitHub's envelope says why in its message: \(gitHub.text)")
            #expect(gitHub.header("Retry-After") != nil)
            #expect(try client.request("GET", "/todos").status == 200, "the default sandbox is never refused")
            #expect(try client.request("GET", "/sandboxes/one/todos").status == 200, "live ones still answer")
            #expect(try client.request("DELETE", "/sandboxes/one").status == 204)
            #expect(try client.request("GET", "/sandboxes/three/todos").status == 200)
        }
    }

    @Test("20 simulated UI tests in parallel, each in its own sandbox, each see exactly their own world")
    func parallelUITests() async throws {
        try await LiveServer.runApp(dependencies: SandboxLiveTests.dependencies(), dev: true) { _, port in
            let failures = Mutex<[String]>([])
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let group = DispatchGroup()
                for index in 0..<20 {
                    group.enter()
                    // A thread each: the blocking client must not take the test's cooperative threads.
                    Thread.detachNewThread {
                        do {
                            try UITestRun(port: port, index: index).run()
                        } catch {
                            failures.withLock { $0.append("ui-\(index): \(error)") }
                        }
                        group.leave()
                    }
                }
                group.notify(queue: .global()) { done.resume() }
            }
            #expect(failures.withLock { $0 } == [])
            let client = try HTTPClient(port: port)
            let listed = try client.request("GET", "/__admin/sandboxes").text
            #expect((0..<20).allSatisfy { listed.contains(#""name":"ui-\#($0)""#) })
            #expect(try SandboxClient(port: port).descriptions() == SandboxLiveTests.seedDescriptions)
        }
    }
}

/// One simulated UI test: resets its sandbox, creates, toggles, reorders and deletes todos,
/// subscribes and confirms through its outbox, then checks that it saw its own world and nothing else.
struct UITestRun {
    let port: Int
    let index: Int

    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    func run() throws {
        let app = try SandboxClient(port: port, prefix: "/sandboxes/ui-\(index)")
        try check(app.send("POST", "/__admin/reset").status == 200, "reset")
        var created: [String] = []
        for step in 0..<3 {
            let response = try app.send("POST", "/todos", json: #"{"description":"ui-\#(index) todo \#(step)"}"#)
            try check(response.status == 201, "create \(step): \(response.status)")
            created.append(String(response.header("Location")?.split(separator: "/").last ?? ""))
        }
        try check(app.send("PATCH", "/todos/\(created[1])", json: #"{"isComplete":true}"#).status == 200, "toggle")
        let order = try app.todoIDs().reversed().map { "\"\($0)\"" }.joined(separator: ",")
        try check(app.send("POST", "/todos/reorder", json: #"{"ids":[\#(order)]}"#).status == 200, "reorder")
        try check(app.send("DELETE", "/todos/\(created[0])").status == 204, "delete")

        let expected =
            SandboxLiveTests.seedDescriptions.reversed() + ["ui-\(index) todo 1", "ui-\(index) todo 2"]
        let seen = try app.descriptions()
        try check(seen == expected, "todos: \(seen)")
        let complete = try app.todos().filter { $0["isComplete"] as? Bool == true }.compactMap {
            $0["description"] as? String
        }
        try check(complete == ["Water the plants", "Call Mom", "ui-\(index) todo 1"], "complete: \(complete)")

        let email = "ui\(index)@example.com"
        try check(
            app.send("POST", "/newsletter/subscriptions", json: #"{"email":"\#(email)"}"#).status == 202, "subscribe")
        let token = try app.confirmToken(to: email)
        try check(token != nil, "no confirmation mail in its outbox")
        try check(
            app.send("POST", "/newsletter/confirmations", json: #"{"token":"\#(token ?? "")"}"#).status == 200,
            "confirm")
        let mails =
            try JSONSerialization.jsonObject(with: Data(app.get("/__admin/outbox").body)) as? [[String: Any]] ?? []
        let recipients = Set(mails.compactMap { $0["to"] as? String })
        try check(recipients == [email], "outbox: \(recipients)")
        let subscribers = try app.subscriberEmails()
        try check(
            Set(subscribers) == ["confirmed@example.com", "pending@example.com", "gone@example.com", email],
            "subscribers: \(subscribers)")
    }

    private func check(_ condition: Bool, _ what: @autoclosure () -> String) throws {
        guard condition else { throw Mismatch(description: what()) }
    }
}
