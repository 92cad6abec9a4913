import CounterpartTestSupport
import EventHTTP
import Foundation
import Testing

/// The Todo-Backend spec's shape.
struct BackendTodo: Codable, Equatable {
    var title: String
    var completed: Bool
    var order: Int
    var url: String
}

@Suite("The Todo-Backend view, in process")
struct TodoBackendHTTPTests {
    @Test("the spec runner's walk: create, follow url, patch, delete one, delete all")
    func specWalk() async throws {
        try await InProcessApp.run(dependencies: TodosHTTPTests.dependencies(), publicURL: "http://localhost:8080") {
            (app: InProcessApp) async throws in
            let client = app
            let json = [("Content-Type", "application/json")]
            let initial = try await JSONDecoder().decode(
                [BackendTodo].self, from: Data(client.request("GET", "/todo-backend").body))
            #expect(initial.map(\.title) == ["Check Mail", "Buy Milk", "Call Mom", "Water the plants"])

            let created = try await client.request(
                "POST", "/todo-backend", headers: json, body: Array(#"{"title":"a todo"}"#.utf8))
            #expect(created.status == 201)
            let todo = try JSONDecoder().decode(BackendTodo.self, from: Data(created.body))
            #expect(todo.title == "a todo")
            #expect(!todo.completed)
            #expect(todo.url.hasPrefix("http://localhost:8080/todo-backend/"))
            let path = String(todo.url.dropFirst("http://localhost:8080".count))
            #expect(
                try await JSONDecoder().decode(BackendTodo.self, from: Data(client.request("GET", path).body)) == todo)

            let patched = try await client.request(
                "PATCH",
                path,
                headers: json,
                body: Array(#"{"title":"bathe the cat","completed":true,"order":9}"#.utf8)
            )
            #expect(patched.status == 200)
            let after = try JSONDecoder().decode(BackendTodo.self, from: Data(patched.body))
            #expect(after == BackendTodo(title: "bathe the cat", completed: true, order: 9, url: todo.url))
            let native = try await client.request("GET", "/todos/" + path.dropFirst("/todo-backend/".count)).text
            #expect(native.contains(#""description":"bathe the cat","isComplete":true"#), "one store, two views")

            #expect(try await client.request("DELETE", path).status == 204)
            #expect(try await client.request("GET", path).status == 404)
            #expect(try await client.request("DELETE", "/todo-backend").status == 204)
            #expect(try await client.request("GET", "/todo-backend").text == "[]")
        }
    }

    @Test("Todo-Backend bodies are validated with their own member names")
    func validation() async throws {
        try await InProcessApp.run(dependencies: TodosHTTPTests.dependencies()) { (app: InProcessApp) async throws in
            let response = try await app.request(
                "POST",
                "/todo-backend",
                headers: [("Content-Type", "application/json")],
                body: Array(#"{"completed":"no"}"#.utf8)
            )
            #expect(response.status == 422)
            #expect(try problem(response).errors.map(\.field) == ["title", "completed"])
        }
    }
}
