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

/// The demo controls where only a socket shows what they do: a client that leaves, a dropped
/// connection.
@Suite("Live: demo controls over a socket")
struct DemoControlsLiveTests {
    @Test("a client that leaves mid-delay cancels the delay and is journalled cancelled")
    func cancelledDuringDelay() async throws {
        let sleeps = RecordedSleeps(holds: true)
        try await LiveServer.runApp(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls(sleeps)
        ) {
            server, port in
            let leaving = try HTTPClient(port: port)
            try leaving.send("GET", "/todos?q=debounced", headers: [("Prefer", "delay=5000")])
            while sleeps.recorded.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            leaving.closeNow()
            while sleeps.cancelled == 0 { try await Task.sleep(for: .milliseconds(5)) }
            #expect(server.statistics().clientClosed == 1)
            let client = try HTTPClient(port: port)
            let entry = try #require(try DemoFixtures.journal(client).first)
            #expect(entry.outcome == "cancelled")
            #expect(entry.status == nil)
            #expect(entry.query == "q=debounced")
            #expect(entry.injectedDelayMs == 5000)
            #expect(entry.preferenceApplied == "delay=5000")
        }
    }

    @Test("a client that leaves while the domain's effect runs is journalled cancelled, the effect cancelled")
    func cancelledDuringEffect() async throws {
        let waits = RecordedSleeps(holds: true)
        var dependencies = DemoFixtures.dependencies
        dependencies.todoRepository.list = { _ in
            try await waits.sleep(.seconds(3600))
            return []
        }
        try await LiveServer.runApp(dependencies: dependencies, dev: true, controls: DemoFixtures.controls()) {
            _, port in
            let leaving = try HTTPClient(port: port)
            try leaving.send("GET", "/todos?filter=active")
            while waits.recorded.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            leaving.closeNow()
            while waits.cancelled == 0 { try await Task.sleep(for: .milliseconds(5)) }
            let entry = try #require(try DemoFixtures.journal(HTTPClient(port: port)).first)
            #expect(entry.outcome == "cancelled" && entry.status == nil && entry.injectedDelayMs == 0)
        }
    }

    @Test("fault=drop closes the connection without an answer; journalled dropped")
    func drop() async throws {
        try await LiveServer.runApp(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { _, port in
            let client = try HTTPClient(port: port)
            #expect(throws: ClientError.closed) { try client.request("GET", "/todos?__fault=drop") }
            let entry = try #require(try DemoFixtures.journal(HTTPClient(port: port)).first)
            #expect(entry.outcome == "dropped")
            #expect(entry.status == nil)
        }
    }

    @Test("a request dropped while more wait behind it, the client's side already shut: the server reads no further")
    func dropWithPipelinedRequests() async throws {
        // The drop closes the connection inside the read that parsed the request; the read must not
        // touch the freed buffers afterwards (the requests behind, the client's end of input). Done
        // many times, because memory read after it is freed only sometimes holds what crashes.
        try await LiveServer.runApp(
            dependencies: DemoFixtures.dependencies, dev: true, controls: DemoFixtures.controls()
        ) { _, port in
            let request = requestBytes("GET", "/todos?__fault=drop")
            let behind = Array(repeating: requestBytes("GET", "/health"), count: 8).flatMap(\.self)
            for _ in 0..<200 {
                let client = try HTTPClient(port: port)
                try client.write(request + behind)
                client.shutDownSending()
                #expect(client.isClosedByPeer(), "nothing is answered after the drop")
            }
            #expect(try HTTPClient(port: port).request("GET", "/health").status == 200, "the server lives on")
        }
    }
}
