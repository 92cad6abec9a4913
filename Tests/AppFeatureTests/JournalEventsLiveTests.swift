import AppFeature
import CounterpartTestSupport
import Dependencies
import Foundation
import HTTPKit
import Testing

/// `GET /__admin/requests/events` on the real server: the journal as the console now reads it, each
/// request recorded becoming one event shaped as `GET /__admin/requests` lists it, per sandbox.
@Suite("Live: the journal's stream")
struct JournalEventsLiveTests {
    @Test("a request another client makes arrives as one event, its entry as the list shows it")
    func recorded() async throws {
        let values = try await TodoEventsLiveTests.dependencies()
        try await LiveServer.runApp(dependencies: values, dev: true, controls: DemoFixtures.controls()) { _, port in
            let console = try EventStreamClient(port: port, path: "/__admin/requests/events")
            #expect(console.head.status == 200)
            #expect(console.head.header("Content-Type") == "text/event-stream")
            #expect(try HTTPClient(port: port).request("GET", "/todos?from=curl").status == 200)
            let event = try console.next()
            #expect(event.id == nil, "nothing to resume: a console reads the list again")
            let listed = try HTTPClient(port: port).request("GET", "/__admin/requests?limit=1")
            let entry = try #require(try JSONSerialization.jsonObject(with: Data(listed.body)) as? [[String: Any]])
                .first
            #expect(event.data?["path"] as? String == "/todos")
            #expect(event.data?["query"] as? String == "from=curl")
            #expect(event.data?["outcome"] as? String == "completed")
            #expect(event.data?["id"] as? String == entry?["id"] as? String, "the entry GET /__admin/requests lists")
        }
    }

    @Test("a sandbox's console streams that sandbox's requests alone")
    func perSandbox() async throws {
        let values = try await TodoEventsLiveTests.dependencies()
        try await LiveServer.runApp(dependencies: values, dev: true, controls: DemoFixtures.controls()) { _, port in
            let console = try EventStreamClient(port: port, path: "/sandboxes/talk/__admin/requests/events")
            let client = try HTTPClient(port: port)
            #expect(try client.request("GET", "/todos?from=default").status == 200)
            #expect(try client.request("GET", "/sandboxes/talk/todos?from=talk").status == 200)
            #expect(try console.next().data?["query"] as? String == "from=talk")
        }
    }

    @Test("without --dev the stream does not exist")
    func devOnly() async throws {
        let values = try await TodoEventsLiveTests.dependencies()
        try await LiveServer.runApp(dependencies: values) { _, port in
            let answer = try HTTPClient(port: port).request("GET", "/__admin/requests/events")
            #expect(answer.status == 404)
        }
    }
}
