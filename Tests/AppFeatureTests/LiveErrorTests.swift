import CounterpartTestSupport
import EventHTTP
import Foundation
import Testing

/// The problem body every error shares (api.md §1.1), decoded the way a Swift client would.
struct ProblemBody: Decodable, Equatable {
    struct FieldError: Decodable, Equatable {
        let field: String
        let code: String
        let detail: String
    }

    let type: String
    let title: String
    let status: Int
    let detail: String
    let instance: String
    let errors: [FieldError]
}

func problem(_ response: ClientResponse) throws -> ProblemBody {
    #expect(response.header("Content-Type") == "application/problem+json")
    return try JSONDecoder().decode(ProblemBody.self, from: Data(response.body))
}

@Suite("Live: errors as problem+json")
struct LiveErrorTests {
    @Test("an unknown path is 404 not-found")
    func unknownPath() async throws {
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request("GET", "/health/")
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
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request("DELETE", "/health")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
            #expect(try problem(response).type == "urn:counterpart:problem:method-not-allowed")
        }
    }

    @Test("TRACE and CONNECT get the same 405 problem as any other method", arguments: ["TRACE", "CONNECT"])
    func unusualMethods(method: String) async throws {
        try await LiveServer.run { _, port in
            let client = try HTTPClient(port: port)
            try client.send(method, "/health")
            // Only a 2xx answer to CONNECT is without content (RFC 9110 §9.3.6): the 405 has its problem.
            let response = try client.readResponse()
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
            #expect(response.header("Content-Type") == "application/problem+json")
        }
    }

    @Test(
        "a well-formed method the server does not implement is a 501 problem, not an HTML page",
        arguments: ["QUERY", "BREW", "PROPFIND"]
    )
    func unknownMethods(method: String) async throws {
        try await LiveServer.run { _, port in
            for path in ["/health", "/nope"] {
                let response = try HTTPClient(port: port).request(method, path)
                #expect(response.status == 501)
                #expect(try problem(response).type == "urn:counterpart:problem:not-implemented")
            }
        }
    }

    @Test(
        "HEAD or TRACE with a body is answered and the body dropped: a request hidden in it is never answered",
        arguments: [("HEAD", 200), ("TRACE", 405)]
    )
    func unreadBodyIsDropped(method: String, status: Int) async throws {
        try await LiveServer.run { _, port in
            let client = try HTTPClient(port: port)
            let hidden = "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
            try client.write(
                Array("\(method) /health HTTP/1.1\r\nHost: x\r\nContent-Length: \(hidden.utf8.count)\r\n\r\n".utf8)
                    + Array(hidden.utf8) + Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(try client.readResponse(expectBody: method != "HEAD").status == status)
            #expect(try client.readResponse().status == 200, "the next request is the one after the body")
        }
    }

    @Test("an unknown method with a body is 501 and the connection closes before anything after it")
    func unknownMethodWithBodyCloses() async throws {
        try await LiveServer.run { _, port in
            let client = try HTTPClient(port: port)
            let hidden = "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
            try client.write(
                Array("QUERY /health HTTP/1.1\r\nHost: x\r\nContent-Length: \(hidden.utf8.count)\r\n\r\n\(hidden)".utf8)
            )
            let response = try client.readResponse()
            #expect(response.status == 501)
            #expect(response.header("Connection") == "close")
            #expect(throws: ClientError.closed) { try client.readResponse() }
        }
    }

    @Test("Accept that rules out JSON is 406")
    func notAcceptable() async throws {
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request("GET", "/health", headers: [("Accept", "text/html")])
            #expect(response.status == 406)
            #expect(try problem(response).type == "urn:counterpart:problem:not-acceptable")
            let wildcard = try HTTPClient(port: port).request(
                "GET", "/health", headers: [("Accept", "text/html, */*;q=0.1")])
            #expect(wildcard.status == 200)
        }
    }

    @Test("a JSON body is read with application/json, a +json type, or no type (compatibility rule)")
    func acceptedBodies() async throws {
        try await LiveServer.run { _, port in
            let client = try HTTPClient(port: port)
            let body = Array(#"{"name":"a","count":1}"#.utf8)
            for type in ["application/json", "application/merge-patch+json", nil, "application/x-www-form-urlencoded"] {
                let headers = type.map { [("Content-Type", $0)] } ?? []
                let response = try client.request("POST", "/echo", headers: headers, body: body)
                #expect(response.status == 201, "Content-Type \(type ?? "(none)")")
                #expect(response.body == body)
            }
        }
    }

    @Test("a body of another type is 415 with Accept-Post")
    func unsupportedMediaType() async throws {
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request(
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
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request(
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
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request(
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
        try await LiveServer.run { _, port in
            let response = try HTTPClient(port: port).request("GET", "/boom")
            #expect(response.status == 500)
            #expect(try problem(response).type == "urn:counterpart:problem:internal-error")
            #expect(!response.text.contains("hunter2"))
            #expect(!response.text.contains("SecretError"))
        }
    }
}
