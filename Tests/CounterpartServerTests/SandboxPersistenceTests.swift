import CounterpartTestSupport
import Foundation
import Testing

@Suite("Sandboxes in a SQLite file, across processes")
struct SandboxPersistenceTests {
    @Test("a sandbox's data survives a restart like the default one's; a dropped one comes back seeded")
    func restartKeepsSandboxes() async throws {
        let database = try temporaryDirectory().appendingPathComponent("sandboxes.sqlite").path
        var server = try ServerProcess(["serve", "--port", "0", "--database", database, "--dev"])
        var client = try HTTPClient(port: try #require(await server.listeningPort(), "\(server.printed)"))
        let saved = try client.request(
            "POST", "/sandboxes/kept/todos", body: Array(#"{"description":"Kept in its sandbox"}"#.utf8))
        #expect(saved.status == 201)
        #expect(try client.request("DELETE", "/todos").status == 204, "the default sandbox emptied")
        #expect(try client.request("GET", "/sandboxes/dropped/todos").status == 200)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)

        server = try ServerProcess(["serve", "--port", "0", "--database", database, "--dev"])
        client = try HTTPClient(port: try #require(await server.listeningPort(), "\(server.printed)"))
        let listed = try client.request("GET", "/__admin/sandboxes").text
        #expect(listed.contains(#""name":"kept""#) && listed.contains(#""name":"dropped""#), "\(listed)")
        let kept = try client.request("GET", "/sandboxes/kept/todos").text
        #expect(kept.contains("Kept in its sandbox"))
        #expect(kept.components(separatedBy: "\"id\"").count - 1 == 5, "four seeded todos plus its own")
        #expect(try client.request("GET", "/todos").text == "[]", "the default sandbox kept its own state too")
        #expect(try client.request("DELETE", "/sandboxes/kept").status == 204)
        let again = try client.request("GET", "/sandboxes/kept/todos").text
        #expect(!again.contains("Kept in its sandbox"))
        #expect(again.components(separatedBy: "\"id\"").count - 1 == 4, "seeded afresh")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test("in the server as it boots, a sandbox's todos, outbox and keys are its own, and its policy the server's")
    func isolationInTheServer() async throws {
        let database = try temporaryDirectory().appendingPathComponent("isolated.sqlite").path
        let server = try ServerProcess(["serve", "--port", "0", "--database", database, "--dev", "--token-ttl", "90s"])
        let client = try HTTPClient(port: try #require(await server.listeningPort(), "\(server.printed)"))
        let key = [("Idempotency-Key", "k1")]
        let created = try client.request(
            "POST", "/sandboxes/a/todos", headers: key, body: Array(#"{"description":"Only in a"}"#.utf8))
        #expect(created.status == 201)
        #expect(try client.request("GET", "/sandboxes/a/todos").text.contains("Only in a"))
        #expect(try !client.request("GET", "/todos").text.contains("Only in a"))
        let other = try client.request("POST", "/todos", headers: key, body: Array(#"{"description":"other"}"#.utf8))
        #expect(other.status == 201, "the default sandbox has its own keys")

        let signup = try client.request(
            "POST", "/sandboxes/a/newsletter/subscriptions", body: Array(#"{"email":"a@example.com"}"#.utf8))
        #expect(signup.status == 202)
        let outbox = try client.request("GET", "/sandboxes/a/__admin/outbox").text
        #expect(outbox.contains(#""to":"a@example.com""#))
        #expect(outbox.contains("/sandboxes/a/newsletter/confirm?token="))
        #expect(try client.request("GET", "/__admin/outbox").text == "[]")
        let sent = try #require(Self.firstDate(in: outbox, after: #""sentAt":""#))
        let until = try #require(Self.firstDate(in: outbox, after: "The link works until "))
        #expect(until.timeIntervalSince(sent) == 90, "--token-ttl applies in a sandbox too")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    /// The RFC 3339 date right after `marker` in `text`.
    private static func firstDate(in text: String, after marker: String) -> Date? {
        guard let range = text.range(of: marker) else { return nil }
        return ISO8601DateFormatter().date(from: String(text[range.upperBound...].prefix(20)))
    }

    @Test("--sandbox-idle drops an unused sandbox with its data while the server runs")
    func idleSandboxesAreDropped() async throws {
        let database = try temporaryDirectory().appendingPathComponent("idle.sqlite").path
        let server = try ServerProcess([
            "serve", "--port", "0", "--database", database, "--dev", "--sandbox-idle", "1s",
        ])
        let client = try HTTPClient(port: try #require(await server.listeningPort(), "\(server.printed)"))
        #expect(
            try client.request("POST", "/sandboxes/brief/todos", body: Array(#"{"description":"x"}"#.utf8)).status
                == 201)
        #expect(try client.request("GET", "/__admin/sandboxes").text.contains(#""name":"brief""#))
        // The sweeper checks every second; a sandbox idle for more than one is gone within a few.
        var listed = ""
        for _ in 0..<100 {
            listed = try client.request("GET", "/__admin/sandboxes").text
            if listed == "[]" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(listed == "[]")
        let fresh = try client.request("GET", "/sandboxes/brief/todos").text
        #expect(!fresh.contains(#""description":"x""#), "its todo went with it")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }
}
