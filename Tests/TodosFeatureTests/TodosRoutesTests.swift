import Foundation
import HTTPKit
import HTTPTypes
import Testing
import TodosFeature

@Suite("Todos routes")
struct TodosRoutesTests {
    let routes = TodosRoutes()
    let context = RouteContext(baseURL: "http://localhost:8080")

    func route(
        _ method: HTTPRequest.Method,
        _ target: String,
        body: String? = nil,
        type: String? = "application/json",
        headers: HTTPFields = [:]
    ) throws(RouteError) -> TodosRequest.Operation {
        var fields = headers
        if let type, body != nil { fields[.contentType] = type }
        let request = ServerRequest(method: method, target: target, headers: fields, body: Array((body ?? "").utf8))
        return try routes.route(request, context: context).operation
    }

    func problem(_ body: () throws(RouteError) -> TodosRequest.Operation) -> Problem? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.problem
        }
    }

    @Test("cache keys keep encoded query values apart from real parameters")
    func cacheKeys() throws {
        func key(_ target: String) throws -> String? {
            try routes.route(ServerRequest(method: .get, target: target), context: context).cacheKey
        }
        #expect(try key("/todos?q=a%26per_page%3D1") != key("/todos?q=a&per_page=1"))
        #expect(try key("/todos?q=a") == key("/todos?q=a"))
    }

    @Test("the seed client's POST: uppercase UUID and only three keys")
    func seedClientPost() throws {
        let operation = try route(
            .post,
            "/todos",
            body: #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","description":"Milk","isComplete":false}"#
        )
        #expect(
            operation
                == .create(
                    TodoDraft(
                        id: UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"), description: "Milk",
                        isComplete: false))
        )
    }

    @Test(
        "paths: any-case UUIDs route, malformed ids are 404",
        arguments: [
            "/todos/not-a-uuid", "/todos/{deadbeef-dead-beef-dead-beefdeadbeef}",
            "/todos/deadbeefdeadbeefdeadbeefdeadbeef",
        ])
    func malformedID(path: String) {
        #expect(problem { () throws(RouteError) in try route(.get, path) }?.status == .notFound)
    }

    @Test("DELETE with an uppercase UUID in the path")
    func uppercaseDelete() throws {
        let id = try #require(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"))
        #expect(try route(.delete, "/todos/DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF") == .delete(id, .none))
    }

    @Test(
        "bad list parameters are 400 naming the parameter",
        arguments: [
            ("filter=done", "filter"), ("per_page=0", "per_page"), ("per_page=101", "per_page"), ("page=0", "page"),
            ("page=x", "page"), ("sort=color", "sort"), ("filter=active&isComplete=true", "isComplete"),
            ("q=" + String(repeating: "a", count: 201), "q"),
        ])
    func badQueries(query: String, field: String) {
        let problem = problem { () throws(RouteError) in try route(.get, "/todos?" + query) }
        #expect(problem?.status == .badRequest)
        #expect(problem?.errors.map(\.field) == [field])
    }

    @Test("a good list query is parsed whole")
    func goodQuery() throws {
        guard case .list(let query) = try route(.get, "/todos?filter=active&q=Mi&sort=-createdAt,description&page=2")
        else { Issue.record("expected a list"); return }
        #expect(query.filter == .active)
        #expect(query.search == "Mi")
        #expect(query.sort.map(\.field) == [.createdAt, .description])
        #expect(query.sort.map(\.descending) == [true, false])
        #expect(query.page == TodoListQuery.Page(number: 2, size: 30))
    }

    @Test(
        "invalid bodies are 422 with every field at fault",
        arguments: [
            (#"{}"#, ["description"], ["missing"]),
            (#"{"description":5}"#, ["description"], ["type"]),
            (#"{"description":"x","order":1.5}"#, ["order"], ["invalid"]),
            (#"{"description":"x","order":2000000000}"#, ["order"], ["out_of_range"]),
            (#"{"description":"x","id":"nope"}"#, ["id"], ["invalid"]),
            (#"{"description":"x","isComplete":"yes"}"#, ["isComplete"], ["type"]),
            (#"[1,2]"#, ["body"], ["type"]),
        ])
    func invalidBodies(body: String, fields: [String], codes: [String]) {
        let problem = problem { () throws(RouteError) in try route(.post, "/todos", body: body) }
        #expect(problem?.status == .unprocessableContent)
        #expect(problem?.errors.map(\.field) == fields)
        #expect(problem?.errors.map(\.code) == codes)
    }

    @Test("a description over 1,000 characters is too_long; exactly 1,000 is fine")
    func descriptionLimit() throws {
        let long = String(repeating: "é", count: 1001)
        let problem = problem { () throws(RouteError) in
            try route(.post, "/todos", body: #"{"description":"\#(long)"}"#)
        }
        #expect(problem?.errors.map(\.code) == ["too_long"])
        let exact = String(repeating: "é", count: 1000)
        #expect(throws: Never.self) { try route(.post, "/todos", body: #"{"description":"\#(exact)"}"#) }
    }

    @Test("PUT needs isComplete and an id that matches the path")
    func putRules() {
        let path = "/todos/deadbeef-dead-beef-dead-beefdeadbeef"
        let missing = problem { () throws(RouteError) in try route(.put, path, body: #"{"description":"x"}"#) }
        #expect(missing?.errors.map(\.code) == ["missing"])
        let mismatch = problem { () throws(RouteError) in
            try route(
                .put, path, body: #"{"id":"cafebeef-cafe-beef-cafe-beefcafebeef","description":"x","isComplete":true}"#)
        }
        #expect(mismatch?.errors.map(\.code) == ["mismatch"])
    }

    @Test("PATCH: null members are 422, other content types 415 with Accept-Patch")
    func patchRules() {
        let path = "/todos/deadbeef-dead-beef-dead-beefdeadbeef"
        let null = problem { () throws(RouteError) in try route(.patch, path, body: #"{"description":null}"#) }
        #expect(null?.status == .unprocessableContent)
        let text = problem { () throws(RouteError) in
            try route(.patch, path, body: #"{"isComplete":true}"#, type: "text/plain")
        }
        #expect(text?.status == .unsupportedMediaType)
        #expect(text?.headers[HTTPField.Name("Accept-Patch")!] == "application/merge-patch+json, application/json")
    }

    @Test("non-JSON bytes are 400")
    func notJSON() {
        let problem = problem { () throws(RouteError) in try route(.post, "/todos", body: "{description: x}") }
        #expect(problem?.status == .badRequest)
    }
}

@Suite("The response cache's key of a todos read")
struct TodosCacheKeyTests {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!

    @Test("a todo: method, base, the view's root and the lowercase id")
    func todo() {
        #expect(
            TodosRequest(.fetch(id), baseURL: "http://localhost:8080/sandboxes/demo").cacheKey
                == "GET http://localhost:8080/sandboxes/demo/todos/deadbeef-dead-beef-dead-beefdeadbeef")
        #expect(
            TodosRequest(.fetch(id), baseURL: "http://h", view: .todoBackend).cacheKey
                == "GET http://h/todo-backend/deadbeef-dead-beef-dead-beefdeadbeef")
    }

    @Test("a list: the query as received, encoded, after a question mark; a write has none")
    func list() {
        let query = QueryParameters("filter=active&per_page=2&q=caf%C3%A9")
        #expect(
            TodosRequest(.list(TodoListQuery()), baseURL: "http://h", query: query).cacheKey
                == "GET http://h/todos?filter=active&per_page=2&q=caf%C3%A9")
        #expect(TodosRequest(.list(TodoListQuery()), baseURL: "http://h").cacheKey == "GET http://h/todos?")
        #expect(TodosRequest(.deleteAll(.completed), baseURL: "http://h").cacheKey == nil)
    }
}
