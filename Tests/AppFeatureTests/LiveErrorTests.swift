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

}
