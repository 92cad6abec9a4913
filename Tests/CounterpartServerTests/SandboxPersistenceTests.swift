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
