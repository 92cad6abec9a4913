import CounterpartTestSupport
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A `ClientTransport` that hands a chunked body on as the server writes it: on Linux, URLSession
/// collects a whole body before it returns any of it, and an event stream never ends. One
/// connection per request, over `HTTPClient`; for the generated client's streams in live tests.
struct StreamingSocketTransport: ClientTransport {
    let port: Int

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (
        HTTPResponse, HTTPBody?
    ) {
        var bytes: [UInt8] = []
        if let body { bytes = try await [UInt8](collecting: body, upTo: 1 << 20) }
        let connection = try SocketConnection(port: port)
        let head = try await connection.send(
            request.method.rawValue, baseURL.path + (request.path ?? "/"),
            headers: [("Host", "127.0.0.1:\(port)")] + request.headerFields.map { ($0.name.rawName, $0.value) },
            body: bytes)
        guard head.header("Transfer-Encoding")?.lowercased() == "chunked" else {
            throw StreamingTransportError(description: "\(operationID) was answered \(head.status) without a stream")
        }
        var fields = HTTPFields()
        for (name, value) in head.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let response = HTTPResponse(status: .init(code: head.status), headerFields: fields)
        return (response, HTTPBody(connection.chunks(), length: .unknown, iterationBehavior: .single))
    }
}

struct StreamingTransportError: Error, CustomStringConvertible {
    var description: String
}

/// One `HTTPClient` whose blocking reads run on a thread of their own, never on Swift's
/// cooperative threads.
///
/// Unchecked: the client is used by one thread at a time — the request's, then the body reader's —
/// and `closeNow()`, which only shuts the socket, is what ends a read in progress.
private final class SocketConnection: @unchecked Sendable {
    private let client: HTTPClient

    init(port: Int) throws {
        client = try HTTPClient(port: port)
    }

    /// Sends the request and reads the head of its answer.
    func send(_ method: String, _ target: String, headers: [(String, String)], body: [UInt8]) async throws
        -> ClientResponse
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread { [self] in
                continuation.resume(
                    with: Result {
                        try client.send(method, target, headers: headers, body: body)
                        return try client.readHead()
                    })
            }.start()
        }
    }

    /// The body's chunks as they arrive, until the last; stopping early closes the connection.
    func chunks() -> AsyncThrowingStream<ArraySlice<UInt8>, any Error> {
        AsyncThrowingStream { continuation in
            continuation.onTermination = { [self] _ in client.closeNow() }
            Thread { [self] in
                do {
                    while case let chunk = try client.readChunk(), !chunk.isEmpty { continuation.yield(chunk[...]) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }.start()
        }
    }
}
