import CounterpartTestSupport
import EventHTTP
import Foundation
import Testing

@Suite("Errors as problem+json, in process")
struct ErrorHTTPTests {
    @Test("an unknown path is 404 not-found")
    func unknownPath() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request("GET", "/health/")
            #expect(response.status == 404)
            let body = try problem(response)
            #expect(body.type == "urn:counterpart:problem:not-found")
            #expect(body.status == 404)
            #expect(body.instance == "urn:uuid:" + (response.header("X-Request-Id") ?? ""))
            #expect(body.errors.isEmpty)
        }
    }

    @Test("a known path with another method is 405 with Allow")
    func wrongMethod() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request("DELETE", "/health")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
            #expect(try problem(response).type == "urn:counterpart:problem:method-not-allowed")
        }
    }

    @Test(
        "a well-formed method the server does not implement is a 501 problem, not an HTML page",
        arguments: ["QUERY", "BREW", "PROPFIND"]
    )
    func unknownMethods(method: String) async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            for path in ["/health", "/nope"] {
                let response = try await client.request(method, path)
                #expect(response.status == 501)
                #expect(try problem(response).type == "urn:counterpart:problem:not-implemented")
            }
        }
    }

    @Test("Accept that rules out JSON is 406")
    func notAcceptable() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request("GET", "/health", headers: [("Accept", "text/html")])
            #expect(response.status == 406)
            #expect(try problem(response).type == "urn:counterpart:problem:not-acceptable")
            let wildcard = try await client.request(
                "GET", "/health", headers: [("Accept", "text/html, */*;q=0.1")])
            #expect(wildcard.status == 200)
        }
    }

    @Test("a JSON body is read with application/json, a +json type, or no type (compatibility rule)")
    func acceptedBodies() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let body = Array(#"{"name":"a","count":1}"#.utf8)
            for type in ["application/json", "application/merge-patch+json", nil, "application/x-www-form-urlencoded"] {
                let headers = type.map { [("Content-Type", $0)] } ?? []
                let response = try await client.request("POST", "/echo", headers: headers, body: body)
                #expect(response.status == 201, "Content-Type \(type ?? "(none)")")
                #expect(response.body == body)
            }
        }
    }

    @Test("a body of another type is 415 with Accept-Post")
    func unsupportedMediaType() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request(
                "POST",
                "/echo",
                headers: [("Content-Type", "text/plain")],
                body: Array(#"{"name":"a","count":1}"#.utf8)
            )
            #expect(response.status == 415)
            #expect(response.header("Accept-Post") == "application/json")
            #expect(try problem(response).type == "urn:counterpart:problem:unsupported-media-type")
        }
    }

    @Test("bytes that are not JSON are 400 malformed-request")
    func malformedJSON() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request(
                "POST",
                "/echo",
                headers: [("Content-Type", "application/json")],
                body: Array(#"{"name": "a", "#.utf8)
            )
            #expect(response.status == 400)
            let body = try problem(response)
            #expect(body.type == "urn:counterpart:problem:malformed-request")
            #expect(body.errors.map(\.field) == ["body"])
        }
    }

    @Test(
        "JSON of the wrong shape is 422 naming the member",
        arguments: [
            (#"{"name":"a"}"#, "count", "missing"),
            (#"{"name":"a","count":"many"}"#, "count", "type"),
            (#"{"name":null,"count":1}"#, "name", "type"),
        ])
    func wrongShape(body: String, field: String, code: String) async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request(
                "POST",
                "/echo",
                headers: [("Content-Type", "application/json")],
                body: Array(body.utf8)
            )
            #expect(response.status == 422)
            let problem = try problem(response)
            #expect(problem.type == "urn:counterpart:problem:validation-failed")
            #expect(problem.errors.map(\.field) == [field])
            #expect(problem.errors.map(\.code) == [code])
        }
    }

    @Test("an unexpected failure is 500 without internals")
    func internalError() async throws {
        try await InProcessApp.runTestFeatures { (client: InProcessApp) async throws in
            let response = try await client.request("GET", "/boom")
            #expect(response.status == 500)
            #expect(try problem(response).type == "urn:counterpart:problem:internal-error")
            #expect(!response.text.contains("hunter2"))
            #expect(!response.text.contains("SecretError"))
        }
    }
}
