import AppFeature
import CounterpartTestSupport
import Dependencies
import Foundation
import GRDB
import HTTPKit
import Storage
import Testing

/// A fifth domain plugged in as `App.domains`' four are — its folder (`FifthDomain/`) and one more
/// entry in the list — and driven through the real pipeline: routes, the `GET /` link, its rate
/// limit, a sandbox's copy and its drop, reset, metrics, a SQLite file across a restart
/// (Documentation/adding-a-domain.md is written from this test).
@Suite("A fifth domain plugs in at one place")
struct FifthDomainTests {
    /// The app's domains and the notes.
    static let domains = App.domains + [.notes]

    /// In memory: the notes' store, every sandbox's too, made by the domain.
    static func memoryDependencies() async throws -> DependencyValues {
        let database = try await AppDatabase.open(.memory, readers: 1, domains: domains)
        var values = DependencyValues._current
        try database.install(into: &values, cache: ResponseCache(capacity: 1 << 20), resettable: false)
        return values
    }

    @Test("its routes answer, GET / links to it, and its requests count against its own rate limit")
    func routesAndIndex() async throws {
        try await InProcessApp.run(dependencies: Self.memoryDependencies(), domains: Self.domains) {
            (app: InProcessApp) async throws in
            let seeded = try await app.request("GET", "/notes")
            #expect(seeded.status == 200)
            #expect(try Self.texts(seeded) == NoteRepository.seed)
            #expect(seeded.header("X-RateLimit-Limit") == "5", "the domain's allowance")
            #expect(seeded.header("X-RateLimit-Resource") == "notes")

            let added = try await app.request(
                "POST", "/notes", headers: Self.json, body: Array(#"{"text":"Ship it"}"#.utf8))
            #expect(added.status == 201)
            #expect(added.text == #"{"id":3,"text":"Ship it"}"#)
            #expect(try Self.texts(await app.request("GET", "/notes")) == NoteRepository.seed + ["Ship it"])

            let index = try Self.object(await app.request("GET", "/", headers: [("Host", "example.test")]))
            let links = try #require(index["links"] as? [String: String])
            #expect(links["notes"] == "http://example.test/notes")
            #expect(links["todos"] == "http://example.test/todos", "the four domains keep theirs")
        }
    }

    @Test("a sandbox gets its own seeded copy, which its drop deletes; a reset puts the notes back")
    func sandboxAndReset() async throws {
        try await InProcessApp.run(
            dependencies: Self.memoryDependencies(), dev: true, controls: DemoFixtures.controls(), domains: Self.domains
        ) { (app: InProcessApp) async throws in
            _ = try await app.request("POST", "/notes", headers: Self.json, body: Array(#"{"text":"Default"}"#.utf8))
            #expect(try Self.texts(await app.request("GET", "/sandboxes/demo/notes")) == NoteRepository.seed)
            _ = try await app.request(
                "POST", "/sandboxes/demo/notes", headers: Self.json, body: Array(#"{"text":"Sandboxed"}"#.utf8))
            #expect(
                try Self.texts(await app.request("GET", "/sandboxes/demo/notes")) == NoteRepository.seed + ["Sandboxed"]
            )
            #expect(try Self.texts(await app.request("GET", "/notes")) == NoteRepository.seed + ["Default"])

            #expect(try await app.request("DELETE", "/sandboxes/demo").status == 204)
            #expect(
                try Self.texts(await app.request("GET", "/sandboxes/demo/notes")) == NoteRepository.seed,
                "made again, seeded: nothing of the dropped one")

            let reset = try await app.request("POST", "/__admin/reset")
            #expect(reset.status == 200)
            #expect(reset.text == #"{"seed":1,"todos":4,"repositories":5000,"pins":2800,"subscribers":3,"notes":2}"#)
            #expect(try Self.texts(await app.request("GET", "/notes")) == NoteRepository.seed)
        }
    }

    @Test("its repository calls are timed in /metrics under its name")
    func metrics() async throws {
        try await InProcessApp.run(dependencies: Self.memoryDependencies(), domains: Self.domains) {
            (app: InProcessApp) async throws in
            let lists = #"counterpart_repository_call_duration_seconds_count{repository="notes",operation="list"}"#
            let before = PrometheusSamples(try await app.request("GET", "/metrics").text)
            _ = try await app.request("GET", "/notes")
            let after = PrometheusSamples(try await app.request("GET", "/metrics").text)
            #expect(after[lists] == (before[lists] ?? 0) + 1, "one list call, timed under the domain's name")
            #expect(after[#"counterpart_http_requests_total{route="/notes",method="GET",status="200"}"#] == 1)
        }
    }

    @Test("in a SQLite file its notes and a sandbox's survive a restart, and a drop deletes the sandbox's rows")
    func sqliteRestart() async throws {
        let path = try temporaryDirectory().appendingPathComponent("notes.sqlite").path
        try await Self.serveFile(path) { (app: InProcessApp) async throws in
            _ = try await app.request("POST", "/notes", headers: Self.json, body: Array(#"{"text":"Kept"}"#.utf8))
            _ = try await app.request(
                "POST", "/sandboxes/demo/notes", headers: Self.json, body: Array(#"{"text":"Kept too"}"#.utf8))
            _ = try await app.request("GET", "/sandboxes/gone/notes")
        }
        try await Self.serveFile(path) { (app: InProcessApp) async throws in
            #expect(try Self.texts(await app.request("GET", "/notes")) == NoteRepository.seed + ["Kept"])
            #expect(
                try Self.texts(await app.request("GET", "/sandboxes/demo/notes")) == NoteRepository.seed + ["Kept too"])
            #expect(try await app.request("DELETE", "/sandboxes/gone").status == 204)
        }
        let reader = try DatabaseQueue(path: path)
        let sandboxes = try await reader.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT sandbox FROM notes ORDER BY sandbox")
        }
        #expect(sandboxes == ["default", "demo"], "the dropped sandbox's rows went with it")
    }

    /// Serves the SQLite file at `path` with the five domains for the length of `body`, as `serve`
    /// opens it; the file is let go when `body` ends, as a stopped server lets it go.
    private static func serveFile(_ path: String, _ body: (InProcessApp) async throws -> Void) async throws {
        let database = try await AppDatabase.open(
            .sqliteFile(path: path), readers: 1, sqliteLocking: .shared, domains: domains)
        var values = DependencyValues._current
        try database.install(into: &values, cache: ResponseCache(capacity: 1 << 20), resettable: false)
        try await InProcessApp.run(dependencies: values, domains: domains, body)
    }

    static let json = [("Content-Type", "application/json")]

    static func texts(_ response: ClientResponse) throws -> [String] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        return list.compactMap { $0["text"] as? String }
    }

    static func object(_ response: ClientResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }
}
