@testable import EventHTTP
import HTTPKit
import HTTPTypes
import Testing

/// The head's bytes, and the room its connection reserves for them: `maximumCount` must hold every
/// head `write` can make, or the connection would stop at the writer's check.
@Suite("Response head")
struct ResponseHeadTests {
    private static let date = "Fri, 27 Nov 2026 20:46:53 GMT"

    /// Writes `response`'s head into exactly the room `maximumCount` gives it.
    private func written(_ response: Response, as form: ResponseHead) -> (text: String, room: Int) {
        let room = form.maximumCount(of: response, date: Self.date)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 1)
        defer { buffer.deallocate() }
        let count = form.write(response, date: Self.date, into: buffer)
        return (String(decoding: buffer[..<count], as: UTF8.self), room)
    }

    @Test("the connection's own fields replace the handler's; a body without a type is labelled JSON")
    func ownFieldsReplaceTheHandlers() {
        let response = Response(
            status: .ok,
            headers: [
                .date: "yesterday", .connection: "upgrade", .contentLength: "999", .transferEncoding: "chunked",
                HTTPField.Name("X-Menu")!: "café",
            ],
            body: ResponseBody(Array(#"{"status":"ok"}"#.utf8)))
        let head = written(response, as: ResponseHead(closes: false, isHTTP10: false))
        #expect(
            head.text
                == "HTTP/1.1 200 OK\r\nX-Menu: café\r\nContent-Type: application/json; charset=utf-8\r\n"
                + "Content-Length: 15\r\nDate: \(Self.date)\r\n\r\n")
        #expect(head.text.utf8.count <= head.room)
    }

    @Test("HTTP/1.0 keeps alive by saying so; a status without content has no Content-Length")
    func http10NoContent() {
        let head = written(Response(status: .noContent), as: ResponseHead(closes: false, isHTTP10: true))
        #expect(head.text == "HTTP/1.0 204 No Content\r\nDate: \(Self.date)\r\nConnection: keep-alive\r\n\r\n")
    }

    @Test("the longest head fits its room: every own line at its longest, every handler field kept")
    func longestHeadFits() {
        var headers = HTTPFields()
        for index in 0..<40 { headers[HTTPField.Name("X-Field-\(index)")!] = String(repeating: "ü", count: index * 7) }
        let response = Response(
            status: HTTPResponse.Status(code: 599, reasonPhrase: "Custom"), headers: headers,
            body: ResponseBody(Array(repeating: 0x20, count: 1_234_567)))
        for form in [ResponseHead(closes: true, isHTTP10: true), ResponseHead(closes: false, isHTTP10: true)] {
            let head = written(response, as: form)
            #expect(head.text.hasPrefix("HTTP/1.0 599 "))
            #expect(head.text.contains("X-Field-39: \(String(repeating: "ü", count: 273))\r\n"))
            #expect(head.text.contains("Content-Length: 1234567\r\n"))
            #expect(head.text.utf8.count <= head.room)
        }
    }

    @Test("a finalized answer's convention fields follow its own, every one of them, within the room")
    func conventionFieldsWritten() {
        let request = ServerRequest(method: .get, target: "/health", headers: [.xRequestID: "request-7"])
        let final = ResponseFinalizer.finalize(
            Response.json(bytes: Array(#"{"status":"ok"}"#.utf8), headers: [HTTPField.Name("X-Menu")!: "café"]),
            for: request, appDuration: 1.25)
        let head = written(final, as: ResponseHead(closes: false, isHTTP10: false))
        let lines = head.text.split(separator: "\r\n").map(String.init)
        let expected = final.writtenHeaders.map { "\($0.name.rawName): \($0.value)" }
        #expect(Array(lines.dropFirst().prefix(expected.count)) == expected)
        #expect(expected.contains("X-Request-Id: request-7"))
        #expect(expected.contains("Server-Timing: app;dur=1.250, repo;dur=0.000"))
        #expect(expected.contains("Cache-Control: no-store"))
        #expect(expected.contains("Access-Control-Allow-Origin: *"))
        #expect(expected.contains { $0.hasPrefix("ETag: \"") })
        #expect(head.text.utf8.count <= head.room)
    }

    @Test(
        "a made request id, the longest client id and the longest timing are written whole within the room",
        arguments: [nil, String(repeating: "a", count: 64)])
    func longestConventionValues(clientID: String?) {
        let headers: HTTPFields = clientID.map { [.xRequestID: $0] } ?? [:]
        let request = ServerRequest(method: .get, target: "/health", headers: headers)
        let final = ResponseFinalizer.finalize(
            Response.json(bytes: Array("{}".utf8)), for: request, appDuration: .infinity, repositoryDuration: 1e300,
            delayDuration: 9.99e14)
        let head = written(final, as: ResponseHead(closes: false, isHTTP10: false))
        #expect(head.text.utf8.count <= head.room)
        let lines = head.text.split(separator: "\r\n").map(String.init)
        #expect(lines.contains("X-Request-Id: \(request.id)"))
        #expect(request.id.description.utf8.count == (clientID?.utf8.count ?? 36))
        #expect(
            lines.contains(
                "Server-Timing: app;dur=1000000000000000.000, repo;dur=1000000000000000.000, delay;dur=999000000000000.000"
            ))
    }
}
