import CounterpartTestSupport
import Dependencies
import EventHTTP
import Foundation
import HTTPKit
import Testing
import TodosFeature

/// The seed client's model, exactly as the TCA tutorial declares it: Foundation defaults only.
struct SeedTodo: Codable, Equatable {
    var id: UUID
    var description: String
    var isComplete: Bool
}

@Suite("Todos over HTTP, in process")
struct TodosHTTPTests {
    static let now = Date(timeIntervalSince1970: 1_767_312_000)

    static func dependencies(seed: [Todo] = TodosSeed.demo) -> DependencyValues {
        var values = DependencyValues._current
        values.todoRepository = .inMemory(seed: seed)
        values.date = .constant(now)
        values.uuid = .incrementing
        return values
    }

    @Test("the seed client's GET, POST (uppercase UUID, three keys, no Content-Type) and DELETE round-trip")
    func seedClient() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let listed = try await JSONDecoder().decode(
                [SeedTodo].self, from: Data(client.request("GET", "/todos").body))
            #expect(listed.map(\.description) == ["Check Mail", "Buy Milk", "Call Mom", "Water the plants"])

            let new = SeedTodo(id: UUID(), description: "Walk the dog", isComplete: false)
            let body = try JSONEncoder().encode(new)
            #expect(String(decoding: body, as: UTF8.self).contains(new.id.uuidString), "Foundation writes uppercase")
            for headers in [[], [("Content-Type", "application/x-www-form-urlencoded")]] {
                let saved = try await client.request("POST", "/todos", headers: headers, body: Array(body))
                #expect([200, 201].contains(saved.status))
                #expect(try JSONDecoder().decode(SeedTodo.self, from: Data(saved.body)) == new)
                #expect(saved.text.contains(new.id.uuidString.lowercased()), "emitted lowercase")
            }
            let after = try await JSONDecoder().decode(
                [SeedTodo].self, from: Data(client.request("GET", "/todos").body))
            #expect(after.first == new, "new todos go on top")
            #expect(after.count == 5)

            let deleted = try await client.request("DELETE", "/todos/\(new.id)")
            #expect(deleted.status == 204)
            #expect(try await client.request("GET", "/todos/\(new.id)").status == 404)
        }
    }

    @Test("a DELETE asking only for problem+json (as the generated client does) is answered, not 406")
    func deleteAcceptsProblemsOnly() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let accept = [("Accept", "application/problem+json")]
            #expect(
                try await client.request("DELETE", "/todos/deadbeef-dead-beef-dead-beefdeadbeef", headers: accept)
                    .status
                    == 204)
            #expect(
                try await client.request("DELETE", "/todos/deadbeef-dead-beef-dead-beefdeadbeef", headers: accept)
                    .status
                    == 404)
            #expect(try await client.request("GET", "/todos", headers: accept).status == 406, "a GET still negotiates")
        }
    }

    @Test("GET /todos: byte-exact seeded body, X-Total-Count, ETag and 304")
    func listBytes() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies(), publicURL: "http://localhost:8080") {
            (client: InProcessApp) async throws in
            let response = try await client.request("GET", "/todos?filter=completed")
            #expect(response.status == 200)
            #expect(
                response.text
                    == #"[{"id":"d00dcafe-d00d-cafe-d00d-cafed00dcafe","description":"Call Mom","isComplete":true,"order":2,"createdAt":"2026-01-01T00:02:00Z","updatedAt":"2026-01-01T00:02:00Z","url":"http://localhost:8080/todos/d00dcafe-d00d-cafe-d00d-cafed00dcafe"},{"id":"f00dface-f00d-face-f00d-facef00dface","description":"Water the plants","isComplete":true,"order":3,"createdAt":"2026-01-01T00:03:00Z","updatedAt":"2026-01-01T00:03:00Z","url":"http://localhost:8080/todos/f00dface-f00d-face-f00d-facef00dface"}]"#
            )
            #expect(response.header("X-Total-Count") == "2")
            #expect(response.header("Cache-Control") == "no-cache")
            let tag = try #require(response.header("ETag"))
            let cached = try await client.request("GET", "/todos?filter=completed", headers: [("If-None-Match", tag)])
            #expect(cached.status == 304)
        }
    }

    @Test("paging walks with Link headers; a page past the end is [] with Link")
    func paging() async throws {
        let seed = (1...5).map { number in
            Todo(
                id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)") ?? UUID(),
                description: "Todo \(number)",
                isComplete: false,
                order: number,
                createdAt: .seedEpoch,
                updatedAt: .seedEpoch
            )
        }
        try await InProcessApp.run(dependencies: Self.dependencies(seed: seed), publicURL: "http://h") {
            (client: InProcessApp) async throws in
            let first = try await client.request("GET", "/todos?per_page=2&q=todo")
            #expect(
                first.header("Link")
                    == #"<http://h/todos?q=todo&page=2&per_page=2>; rel="next", <http://h/todos?q=todo&page=3&per_page=2>; rel="last""#
            )
            let last = try await client.request("GET", "/todos?per_page=2&q=todo&page=3")
            #expect(try JSONDecoder().decode([SeedTodo].self, from: Data(last.body)).count == 1)
            #expect(last.header("Link")?.contains(#"rel="next""#) == false)
            let huge = try await client.request("GET", "/todos?per_page=100&page=9223372036854775807")
            #expect(huge.status == 200)
            #expect(huge.text == "[]")
            let past = try await client.request("GET", "/todos?per_page=2&page=9")
            #expect(past.text == "[]")
            #expect(past.header("Link") != nil)
            #expect(past.header("X-Total-Count") == "5")
        }
    }

    @Test("PUT creates then replaces; PATCH merges; If-Match mismatches are 412")
    func writes() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies(), publicURL: "http://localhost:8080") {
            (client: InProcessApp) async throws in
            let path = "/todos/0A0B0C0D-0000-4000-8000-000000000001"
            let json = [("Content-Type", "application/json")]
            let created = try await client.request(
                "PUT", path, headers: json, body: Array(#"{"description":"New","isComplete":false}"#.utf8))
            #expect(created.status == 201)
            #expect(created.header("Location") == "http://localhost:8080/todos/0a0b0c0d-0000-4000-8000-000000000001")
            let tag = try #require(created.header("ETag"))
            let replaced = try await client.request(
                "PUT",
                path,
                headers: json + [("If-Match", tag)],
                body: Array(#"{"description":"Newer","isComplete":true}"#.utf8)
            )
            #expect(replaced.status == 200)
            let stale = try await client.request(
                "PATCH",
                path,
                headers: [("Content-Type", "application/merge-patch+json"), ("If-Match", tag)],
                body: Array(#"{"order":7}"#.utf8)
            )
            #expect(stale.status == 412)
            #expect(try problem(stale).type == "urn:counterpart:problem:precondition-failed")
            let patched = try await client.request(
                "PATCH",
                path,
                headers: [("Content-Type", "application/merge-patch+json")],
                body: Array(#"{"order":7}"#.utf8)
            )
            #expect(patched.status == 200)
            #expect(patched.text.contains(#""description":"Newer","isComplete":true,"order":7"#))
            let exists = try await client.request(
                "PUT",
                path,
                headers: json + [("If-None-Match", "*")],
                body: Array(#"{"description":"x","isComplete":true}"#.utf8)
            )
            #expect(exists.status == 412)
            #expect(try await client.request("GET", path).text == patched.text, "rejected writes change nothing")
        }
    }

    @Test(
        "bad input is rejected with problem+json and nothing is written",
        arguments: [
            ("POST", "/todos", #"{"description": 5}"#, 422),
            ("POST", "/todos", #"{"description": "x""#, 400),
            ("POST", "/todos?x=1", #"{"id":"not-a-uuid","description":"x"}"#, 422),
            ("PUT", "/todos/nope", #"{"description":"x","isComplete":true}"#, 404),
            ("GET", "/todos?per_page=500", "", 400),
            ("POST", "/todos/reorder", #"{"ids":["deadbeef-dead-beef-dead-beefdeadbeef"]}"#, 422),
            ("DELETE", "/todos?filter=someday", "", 400),
        ])
    func badInput(method: String, target: String, body: String, status: Int) async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let before = try await client.request("GET", "/todos").text
            let response = try await client.request(
                method, target, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
            #expect(response.status == status)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(try await client.request("GET", "/todos").text == before)
        }
    }

    @Test("DELETE /todos?filter=completed clears completed; reorder sets the order")
    func bulk() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            #expect(try await client.request("DELETE", "/todos?filter=completed").status == 204)
            let open = try await JSONDecoder().decode([SeedTodo].self, from: Data(client.request("GET", "/todos").body))
            #expect(open.map(\.description) == ["Check Mail", "Buy Milk"])
            let ids = open.reversed().map { "\"\($0.id)\"" }.joined(separator: ",")
            let reordered = try await client.request(
                "POST",
                "/todos/reorder",
                headers: [("Content-Type", "application/json")],
                body: Array(#"{"ids":[\#(ids)]}"#.utf8)
            )
            #expect(reordered.status == 200)
            #expect(reordered.header("ETag") != nil, "every answer with a body has an ETag")
            let after = try await JSONDecoder().decode(
                [SeedTodo].self, from: Data(client.request("GET", "/todos").body))
            #expect(after.map(\.description) == ["Buy Milk", "Check Mail"])
            #expect(try await client.request("DELETE", "/todos").status == 204)
            #expect(try await client.request("GET", "/todos").text == "[]")
        }
    }
}
