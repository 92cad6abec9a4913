import AppFeature
import CounterpartTestSupport
import Dependencies
import EventHTTP
import Foundation
import HTTPKit
import Storage
import Testing
import TodosFeature

/// `GET /todos/events` on the real server: every write path reaches a subscriber as one event, in
/// the REST answers' shape; a reconnecting client resumes where it left; each sandbox streams its own.
@Suite("Live: todo events")
struct TodoEventsLiveTests {
    static let json = [("Content-Type", "application/json")]

    /// The app's stores as `serve --database memory` makes them: each with its change feed.
    static func dependencies() async throws -> DependencyValues {
        let database = try await AppDatabase.open(.memory, readers: 1)
        var values = DependencyValues._current
        try database.install(into: &values, cache: ResponseCache(capacity: 1 << 20), resettable: true)
        return values
    }

    @Test("each write path is one event shaped as its REST answer; a reset is one refetch; leaving ends the stream")
    func everyWritePath() async throws {
        let values = try await Self.dependencies()
        try await LiveServer.runApp(dependencies: values, dev: true, controls: DemoFixtures.controls()) {
            server, port in
            let subscriber = try EventStreamClient(port: port, path: "/todos/events")
            #expect(subscriber.head.status == 200)
            #expect(subscriber.head.header("Content-Type") == "text/event-stream")
            #expect(subscriber.head.header("Access-Control-Allow-Origin") == "*", "EventSource in a browser")
            #expect(subscriber.head.header("ETag") == nil && subscriber.head.header("Content-Length") == nil)
            #expect(try subscriber.next().retry == "2000")

            let writer = try HTTPClient(port: port)
            let created = try writer.request("POST", "/todos", headers: Self.json, body: #"{"description":"Milk"}"#)
            let id = try #require(try Self.object(created.body)["id"] as? String)
            let createdEvent = try subscriber.next()
            #expect(createdEvent.type == "created")
            #expect(
                createdEvent.todo == (try Self.object(created.body) as NSDictionary), "the todo exactly as answered")

            let putID = "00000000-0000-4000-8000-0000000000aa"
            _ = try writer.request(
                "PUT", "/todos/\(putID)", headers: Self.json, body: #"{"description":"Put","isComplete":false}"#)
            #expect(try subscriber.next().type == "created", "a PUT that creates")
            _ = try writer.request("PATCH", "/todos/\(id)", headers: Self.json, body: #"{"isComplete":true}"#)
            let updated = try subscriber.next()
            #expect(updated.type == "updated" && updated.todo?["isComplete"] as? Bool == true)
            _ = try writer.request(
                "PUT", "/todos/\(putID)", headers: Self.json, body: #"{"description":"Again","isComplete":false}"#)
            #expect(try subscriber.next().type == "updated", "a PUT that replaces")

            let list = try JSONSerialization.jsonObject(with: Data(writer.request("GET", "/todos").body))
            let ids = try #require((list as? [[String: Any]])?.compactMap { $0["id"] as? String })
            let reversed = ids.reversed().map { "\"\($0)\"" }.joined(separator: ",")
            _ = try writer.request("POST", "/todos/reorder", headers: Self.json, body: #"{"ids":[\#(reversed)]}"#)
            let reordered = try subscriber.next()
            #expect(reordered.type == "reordered" && reordered.ids == ids.reversed())

            _ = try writer.request("DELETE", "/todos/\(putID)")
            #expect(try subscriber.next().ids == [putID])
            _ = try writer.request("DELETE", "/todos?filter=completed")
            let cleared = try subscriber.next()
            #expect(cleared.type == "deleted" && cleared.ids?.contains(id) == true)

            _ = try writer.request("POST", "/todo-backend", headers: Self.json, body: #"{"title":"Backend"}"#)
            let backend = try subscriber.next()
            #expect(backend.type == "created" && backend.todo?["description"] as? String == "Backend")
            #expect((backend.todo?["url"] as? String)?.contains("/todos/") == true, "the REST shape, not the view's")

            #expect(try writer.request("POST", "/__admin/reset").status == 200)
            let reset = try subscriber.next()
            #expect(reset.type == "refetch")
            #expect(server.statistics().openStreams == 1)

            subscriber.close()
            #expect(await eventually { values.todoEvents.subscriberCount == 0 }, "the feed's effect was cancelled")
            #expect(await eventually { server.statistics().openStreams == 0 })
        }
    }

    @Test("a write that changes nothing is no event: the same PATCH or PUT again, the same order again")
    func unchangedWrites() async throws {
        let values = try await Self.dependencies()
        try await LiveServer.runApp(dependencies: values, dev: true, controls: DemoFixtures.controls()) { _, port in
            let subscriber = try EventStreamClient(port: port, path: "/todos/events")
            _ = try subscriber.next()
            let writer = try HTTPClient(port: port)
            let list = try JSONSerialization.jsonObject(with: Data(writer.request("GET", "/todos").body))
            let todos = try #require(list as? [[String: Any]])
            let first = try #require(todos.first)
            let id = try #require(first["id"] as? String)
            let description = try #require(first["description"] as? String)
            let complete = try #require(first["isComplete"] as? Bool)
            let same = #"{"description":"\#(description)","isComplete":\#(complete)}"#
            let toggle = #"{"isComplete":\#(!complete)}"#
            _ = try writer.request("PATCH", "/todos/\(id)", headers: Self.json, body: toggle)
            _ = try writer.request("PATCH", "/todos/\(id)", headers: Self.json, body: same)
            let before = try #require(try subscriber.next().id?.split(separator: "-").last.flatMap { Int($0) })
            #expect(try writer.request("PATCH", "/todos/\(id)", headers: Self.json, body: same).status == 200)
            #expect(try writer.request("PUT", "/todos/\(id)", headers: Self.json, body: same).status == 200)
            let order = todos.compactMap { $0["id"] as? String }.map { "\"\($0)\"" }.joined(separator: ",")
            #expect(
                try writer.request("POST", "/todos/reorder", headers: Self.json, body: #"{"ids":[\#(order)]}"#)
                    .status == 200)
            _ = try writer.request("DELETE", "/todos/\(id)")
            let toggled = try subscriber.next()
            #expect(toggled.todo?["isComplete"] as? Bool == complete, "the PATCH back is a change")
            let event = try subscriber.next()
            #expect(event.type == "deleted" && event.ids == [id], "the next event is the next change")
            #expect(
                event.id?.hasSuffix("-\(before + 2)") == true, "no number was spent on the writes that changed nothing")
        }
    }

    @Test("Last-Event-ID resumes after that event; one the server did not write starts from now")
    func resume() async throws {
        let values = try await Self.dependencies()
        try await LiveServer.runApp(dependencies: values) { _, port in
            let writer = try HTTPClient(port: port)
            let first = try EventStreamClient(port: port, path: "/todos/events")
            _ = try first.next()
            _ = try writer.request("POST", "/todos", headers: Self.json, body: #"{"description":"One"}"#)
            let seen = try #require(try first.next().id)
            first.close()
            _ = try writer.request("POST", "/todos", headers: Self.json, body: #"{"description":"Two"}"#)
            _ = try writer.request("POST", "/todos", headers: Self.json, body: #"{"description":"Three"}"#)

            let resumed = try EventStreamClient(port: port, path: "/todos/events", lastEventID: seen)
            _ = try resumed.next()
            let missed = try [resumed.next(), resumed.next()]
            #expect(missed.map { $0.todo?["description"] as? String } == ["Two", "Three"])

            let malformed = try EventStreamClient(port: port, path: "/todos/events", lastEventID: "not-an-id")
            _ = try malformed.next()
            _ = try writer.request("POST", "/todos", headers: Self.json, body: #"{"description":"Four"}"#)
            #expect(try malformed.next().todo?["description"] as? String == "Four", "nothing replayed")

            let stale = try EventStreamClient(port: port, path: "/todos/events", lastEventID: "1-1")
            _ = try stale.next()
            let refetch = try stale.next()
            #expect(refetch.type == "refetch", "another history's id")
            #expect(refetch.id == (try resumed.next()).id, "at the current place")
        }
    }

    @Test("a sandbox streams its own store's events, with its own URLs")
    func sandbox() async throws {
        let values = try await Self.dependencies()
        try await LiveServer.runApp(dependencies: values) { _, port in
            let sandboxed = try EventStreamClient(port: port, path: "/sandboxes/demo/todos/events")
            let plain = try EventStreamClient(port: port, path: "/todos/events")
            _ = try sandboxed.next()
            _ = try plain.next()
            let writer = try HTTPClient(port: port)
            _ = try writer.request("POST", "/todos", headers: Self.json, body: #"{"description":"Default"}"#)
            _ = try writer.request(
                "POST", "/sandboxes/demo/todos", headers: Self.json, body: #"{"description":"Sandboxed"}"#)
            let event = try sandboxed.next()
            #expect(event.todo?["description"] as? String == "Sandboxed", "the default store's write is not its")
            #expect((event.todo?["url"] as? String)?.contains("/sandboxes/demo/todos/") == true)
            #expect(try plain.next().todo?["description"] as? String == "Default")
        }
    }

    @Test("over --max-streams-per-client a client is told to retry, counted; a stream that ends frees its place")
    func streamLimit() async throws {
        let values = try await Self.dependencies()
        let metrics = AppMetrics()
        var withMetrics = values
        withMetrics.appMetrics = metrics
        try await LiveServer.runApp(dependencies: withMetrics, streamLimits: StreamLimits(perClient: 1)) {
            server, port in
            metrics.observe(server: { server.statistics() }, cache: ResponseCache(capacity: 0))
            let first = try EventStreamClient(port: port, path: "/todos/events")
            _ = try first.next()
            let refused = try HTTPClient(port: port).request("GET", "/todos/events")
            #expect(refused.status == 200, "EventSource gives up for good on any other status")
            #expect(refused.header("Content-Type") == "text/event-stream")
            #expect(refused.text == "retry: 10000\n\n")
            let scraped = try HTTPClient(port: port).request("GET", "/metrics").text
            #expect(scraped.contains("counterpart_streams_refused_total 1"))
            #expect(scraped.contains("counterpart_streams_open 1"))
            first.close()
            #expect(
                await eventually {
                    (try? EventStreamClient(port: port, path: "/todos/events"))?.head.header("Content-Length") == nil
                }, "admitted again once the first stream ended")
        }
    }

    @Test("dropping a sandbox ends its streams with a refetch; reconnecting reads the sandbox made anew")
    func sandboxDropped() async throws {
        let values = try await Self.dependencies()
        try await LiveServer.runApp(dependencies: values) { _, port in
            let subscriber = try EventStreamClient(port: port, path: "/sandboxes/gone/todos/events")
            _ = try subscriber.next()
            #expect(try HTTPClient(port: port).request("DELETE", "/sandboxes/gone").status == 204)
            let last = try subscriber.next()
            #expect(last.type == "refetch")
            #expect(throws: ClientError.closed) { try subscriber.next() }
            let lastID: String = try #require(last.id)
            let again = try EventStreamClient(port: port, path: "/sandboxes/gone/todos/events", lastEventID: lastID)
            _ = try again.next()
            #expect(try again.next().type == "refetch", "the id is another history's")
        }
    }

    static func object(_ body: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }
}

/// A subscriber reading a `text/event-stream` answer event by event, as `EventSource` does.
final class EventStreamClient {
    /// One event's fields, and its data read as the JSON envelope.
    struct Event {
        var id: String?
        var retry: String?
        var data: [String: Any]?
        var type: String? { data?["type"] as? String }
        var todo: NSDictionary? { data?["todo"] as? NSDictionary }
        var ids: [String]? { data?["ids"] as? [String] }
    }

    let head: ClientResponse
    private let client: HTTPClient
    private var pending: [UInt8] = []

    init(port: Int, path: String, lastEventID: String? = nil) throws {
        client = try HTTPClient(port: port)
        var headers = [("Accept", "text/event-stream")]
        if let lastEventID { headers.append(("Last-Event-ID", lastEventID)) }
        try client.send("GET", path, headers: headers)
        head = try client.readHead()
    }

    /// The next event or `retry`, skipping comments (heartbeats), within `limit`: the wait for an
    /// event is bounded here, however many heartbeats arrive meanwhile.
    func next(within limit: Duration = .seconds(30)) throws -> Event {
        let deadline = ContinuousClock.now + limit
        while true {
            guard ContinuousClock.now < deadline else { throw ClientError.io("no event within \(limit)") }
            if let end = pending.firstRange(of: [10, 10]) {
                let block = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
                pending.removeSubrange(..<end.upperBound)
                var event = Event()
                var isComment = true
                for line in block.split(separator: "\n") {
                    guard !line.hasPrefix(":") else { continue }
                    isComment = false
                    if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                    if line.hasPrefix("retry: ") { event.retry = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") {
                        event.data =
                            try JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]
                    }
                }
                if !isComment { return event }
                continue
            }
            let chunk = try client.readChunk()
            guard !chunk.isEmpty else { throw ClientError.closed }
            pending += chunk
        }
    }

    func close() {
        client.closeNow()
    }
}

extension HTTPClient {
    /// `request` with a text body.
    fileprivate func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: String
    ) throws -> ClientResponse {
        try request(method, target, headers: headers, body: Array(body.utf8))
    }
}
