import CounterpartTestSupport
import Dependencies
import Foundation
import HTTPKit
import NewsletterFeature
import Storage
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
        let limiter = RateLimiter.standard(overrides: ["newsletter": .init(requests: 2, enforced: true)])
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
            let console = try home.get("/__admin").text
            #expect(
                console.contains(#"<script src="__admin/console.js">"#),
                "relative, so a sandbox's console loads its own")
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
            #expect(try client.request("GET", "/sandboxes/a/nowhere").status == 404)
            #expect(try client.request("DELETE", "/sandboxes/default").status == 409)
            #expect(try client.request("DELETE", "/sandboxes/never-made").status == 404)
            #expect(try client.request("GET", "/sandboxes/a").status == 405)
            #expect(try client.request("DELETE", "/sandboxes/a").status == 204)
            #expect(try client.request("GET", "/__admin/sandboxes").text == "[]", "refused requests create none")
        }
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
