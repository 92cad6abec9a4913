import CounterpartClient
import Dependencies
import Foundation
import OpenAPIRuntime
import Testing
import TodosFeature

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Swift client generated from `GET /openapi.json` by swift-openapi-generator (issue #9), used
/// as a demo app would — `Client(baseURL:)` over URLSession — against the real server: every todo
/// operation, a search, and the todos' event stream (over a transport that streams on Linux).
@Suite("Live: the generated Swift client")
struct GeneratedClientLiveTests {
    static func dependencies() -> DependencyValues {
        var values = SearchHTTPTests.dependencies()
        values.todoRepository = .inMemory(seed: TodosSeed.demo)
        return values
    }

    @Test("a client whose base URL ends in /sandboxes/{name} works in its sandbox alone, and drops it")
    func sandboxByBaseURL() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies()) { _, port in
            let root = "http://127.0.0.1:\(port)"
            let sandboxed = Client(baseURL: try #require(URL(string: root + "/sandboxes/ui-test-1")))
            let home = Client(baseURL: try #require(URL(string: root)))

            let created = try await sandboxed.createTodo(body: .json(.init(description: "Only here"))).created
            let todo = try created.body.json
            #expect(created.headers.location == root + "/sandboxes/ui-test-1/todos/\(todo.id)")
            #expect(try await sandboxed.listTodos().ok.body.json.count == 5)
            #expect(try await home.listTodos().ok.body.json.count == 4)
            #expect(try await home.getTodo(path: .init(id: todo.id)).notFound.body.applicationProblemJson.status == 404)

            _ = try await home.dropSandbox(path: .init(name: "ui-test-1")).noContent
            #expect(try await sandboxed.listTodos().ok.body.json.count == 4, "created again, seeded")
            #expect(
                try await home.dropSandbox(path: .init(name: "default")).conflict.body.applicationProblemJson.status
                    == 409)
        }
    }

    @Test("lists, creates, reads, replaces, patches, reorders and deletes todos")
    func todos() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies()) { _, port in
            let client = Client(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))

            let seeded = try await client.listTodos().ok.body.json
            #expect(seeded.map(\.description) == ["Check Mail", "Buy Milk", "Call Mom", "Water the plants"])
            let active = try await client.listTodos(query: .init(filter: .active)).ok.body.json
            #expect(active.count == 2)

            let created = try await client.createTodo(body: .json(.init(description: "Walk the dog"))).created
            let todo = try created.body.json
            #expect(todo.description == "Walk the dog")
            #expect(todo.order == -1, "a new todo goes on top")
            #expect(created.headers.location == "http://127.0.0.1:\(port)/todos/\(todo.id)")

            let fetched = try await client.getTodo(path: .init(id: todo.id)).ok.body.json
            #expect(fetched == todo)

            let replaced = try await client.replaceTodo(
                path: .init(id: todo.id), body: .json(.init(description: "Walk the cat", isComplete: false))
            ).ok.body.json
            #expect(replaced.description == "Walk the cat")

            let patched = try await client.updateTodo(
                path: .init(id: todo.id), body: .applicationMergePatchJson(.init(isComplete: true))
            ).ok.body.json
            #expect(patched.isComplete)
            #expect(patched.description == "Walk the cat")

            let ids = try await client.listTodos().ok.body.json.map(\.id)
            let reordered = try await client.reorderTodos(body: .json(.init(ids: ids.reversed()))).ok.body.json
            #expect(reordered.map(\.id) == ids.reversed())

            _ = try await client.deleteTodo(path: .init(id: todo.id)).noContent
            #expect(
                try await client.getTodo(path: .init(id: todo.id)).notFound.body.applicationProblemJson.status == 404)

            _ = try await client.deleteTodos(query: .init(filter: .completed)).noContent
            #expect(try await client.listTodos().ok.body.json.map(\.description) == ["Buy Milk", "Check Mail"])
        }
    }

    @Test("searches repositories and reads one, in GitHub's shape")
    func search() async throws {
        try await LiveServer.runApp(dependencies: Self.dependencies()) { _, port in
            let client = Client(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let page = try await client.searchRepositories(query: .init(q: "composable architecture", perPage: 5))
                .ok.body.json
            let first = try #require(page.items.first)
            #expect(first.fullName == "pointlabs/swift-composable-architecture")
            #expect(first.score == 50.915)
            #expect(page.items.count == 5)
            let repository = try await client.getRepository(
                path: .init(owner: "pointlabs", repo: "swift-composable-architecture")
            ).ok.body.json
            #expect(repository.id == first.id)
            let invalid = try await client.searchRepositories(query: .init(q: "stars:lots")).unprocessableContent
            #expect(try invalid.body.json.message == "Validation Failed")
        }
    }

    @Test("streams the todos' changes: server-sent events whose data decodes as TodoEvent, resumed by Last-Event-ID")
    func todoEvents() async throws {
        let values = try await TodoEventsLiveTests.dependencies()
        try await LiveServer.runApp(dependencies: values) { _, port in
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let client = Client(baseURL: base)
            let streaming = Client(serverURL: base, transport: StreamingSocketTransport(port: port))

            // The runtime's default decoder reads dates as numbers; the todos' are RFC 3339.
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let stream = try await streaming.streamTodoEvents().ok.body.textEventStream
            var events = stream.asDecodedServerSentEventsWithJSONData(
                of: Components.Schemas.TodoEvent.self, decoder: decoder
            ).makeAsyncIterator()
            let opening = try await events.next()
            #expect(opening?.retry == 2000 && opening?.data == nil, "retry: first, before any change")
            let todo = try await client.createTodo(body: .json(.init(description: "Milk"))).created.body.json
            let created = try #require(try await events.next())
            #expect(created.data == .init(_type: .created, todo: todo))
            _ = try await client.deleteTodo(path: .init(id: todo.id)).noContent
            #expect(try await events.next()?.data == .init(_type: .deleted, ids: [todo.id]))

            let resumed = try await streaming.streamTodoEvents(headers: .init(lastEventID: created.id)).ok.body
                .textEventStream.asDecodedServerSentEventsWithJSONData(
                    of: Components.Schemas.TodoEvent.self, decoder: decoder)
            var missed = resumed.makeAsyncIterator()
            _ = try await missed.next()
            #expect(try await missed.next()?.data?._type == .deleted, "what came after the id it read")
        }
    }
}
