import CounterpartTestSupport
import EventHTTP
import HTTPKit
import HTTPTypes
import Synchronization
import Testing

/// EventHTTP's streamed answers over a real socket: the framing, and every way a stream ends —
/// by its writer, its client leaving, a client too slow, the server draining — each telling the
/// work behind the stream exactly once.
@Suite("Live: streamed answers")
struct StreamingLiveTests {
    @Test("a stream's chunks arrive as written, its end lets the connection carry the next request")
    func chunksThenNextRequest() async throws {
        let handler = StreamingHandler()
        try await LiveServer.serve(handler, configure: { _ in }) { server, port in
            let client = try HTTPClient(port: port)
            try client.send("GET", "/stream")
            let head = try client.readHead()
            #expect(head.status == 200)
            #expect(head.header("Transfer-Encoding") == "chunked")
            #expect(head.header("Content-Length") == nil)
            #expect(try client.readChunk() == Array("first\n".utf8))
            #expect(server.statistics().openStreams == 1)
            #expect(server.statistics().inFlight == 0, "a stream has no deadline and is not in flight")
            handler.onLoop { $0.write(Array("second\n".utf8)) }
            #expect(try client.readChunk() == Array("second\n".utf8))
            handler.onLoop { $0.endStream() }
            #expect(try client.readChunk() == [], "the last chunk")
            #expect(await eventually { handler.ended == 1 }, "the writer's own end told the work behind it")
            try client.send("GET", "/plain")
            #expect(try client.readResponse().text == "plain", "the connection carries on after the stream")
            #expect(server.statistics().openStreams == 0)
        }
    }

    @Test("a client that leaves ends its stream: the work behind it is told at once")
    func clientLeaves() async throws {
        let handler = StreamingHandler()
        try await LiveServer.serve(handler, configure: { _ in }) { server, port in
            let client = try HTTPClient(port: port)
            try client.send("GET", "/stream")
            _ = try client.readHead()
            _ = try client.readChunk()
            client.closeNow()
            #expect(await eventually { handler.ended == 1 })
            #expect(await eventually { server.statistics().openStreams == 0 })
        }
    }

    @Test("every open stream gets the heartbeat at its interval, again and again")
    func heartbeat() async throws {
        let handler = StreamingHandler()
        let beat = StreamHeartbeat(every: .milliseconds(50), chunk: Array(": beat\n\n".utf8))
        try await LiveServer.serve(handler, configure: { $0.streamHeartbeat = beat }) { _, port in
            let clients = try (0..<2).map { _ in try HTTPClient(port: port) }
            for client in clients {
                try client.send("GET", "/stream")
                _ = try client.readHead()
                #expect(try client.readChunk() == Array("first\n".utf8))
            }
            for client in clients {
                #expect(try client.readChunk() == beat.chunk)
                #expect(try client.readChunk() == beat.chunk, "and again, the interval after")
            }
        }
    }

    @Test("HEAD gets the stream's head alone, and nothing waits behind it")
    func head() async throws {
        let handler = StreamingHandler()
        try await LiveServer.serve(handler, configure: { _ in }) { server, port in
            let client = try HTTPClient(port: port)
            try client.send("HEAD", "/stream")
            let head = try client.readResponse(expectBody: false)
            #expect(head.status == 200 && head.header("Transfer-Encoding") == "chunked")
            #expect(await eventually { handler.ended == 1 })
            #expect(server.statistics().openStreams == 0)
        }
    }

    @Test("a client that stops reading is cut past --max-unread-bytes; another stream is not slowed")
    func slowReaderCut() async throws {
        let handler = StreamingHandler()
        try await LiveServer.serve(handler, configure: { $0.maxUnreadBytes = 64 * 1024 }) { server, port in
            let stalled = try HTTPClient(port: port)
            try stalled.send("GET", "/stream")
            let reader = try HTTPClient(port: port)
            try reader.send("GET", "/stream")
            _ = try reader.readHead()
            _ = try reader.readChunk()
            #expect(await eventually { handler.opened == 2 })
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024)
            // Bounded: loopback's buffers take a few MiB before the server's output grows.
            for _ in 0..<1_000 where server.statistics().streamsCut == 0 {
                handler.onLoop { $0.write(chunk) }
                _ = try reader.readChunk()
            }
            #expect(server.statistics().streamsCut == 1)
            #expect(await eventually { handler.ended == 1 }, "the cut stream's work was told")
            handler.onLoop { $0.write(Array("still here\n".utf8)) }
            #expect(try reader.readChunk() == Array("still here\n".utf8))
        }
    }

    @Test("shutdown ends every stream at once with its last chunk, then closes the connection")
    func shutdownEndsStreams() async throws {
        let handler = StreamingHandler()
        // Read after the server is gone; the body closure only ever runs before.
        nonisolated(unsafe) var client: HTTPClient?
        let started = ContinuousClock.now
        // A timeout far beyond what load can add, so the bound below tells a drain that waited it
        // out from a slow machine (a full suite on two cores has stretched this test to 34 s).
        try await LiveServer.serve(handler, configure: { $0.shutdownTimeout = .seconds(600) }) { _, port in
            let opened = try HTTPClient(port: port)
            try opened.send("GET", "/stream")
            _ = try opened.readHead()
            _ = try opened.readChunk()
            client = opened
        }
        #expect(ContinuousClock.now - started < .seconds(300), "the drain did not wait out its timeout")
        let opened = try #require(client)
        #expect(try opened.readChunk() == [], "the last chunk")
        #expect(opened.isClosedByPeer())
        #expect(handler.ended == 1)
    }
}

/// Streams `/stream`: its head and a first chunk at once, then whatever a test writes on the loop;
/// answers `/plain` whole. Counts the streams opened and the ends their work was told of.
final class StreamingHandler: HTTPHandler, Sendable {
    private let state = Mutex<(opened: Int, ended: Int, exchanges: [Exchange])>((0, 0, []))

    var opened: Int { state.withLock { $0.opened } }
    var ended: Int { state.withLock { $0.ended } }

    func handle(_ request: ServerRequest, exchange: Exchange) {
        guard request.path == "/stream" else {
            return exchange.reply(Response(status: .ok, body: ResponseBody(Array("plain".utf8))))
        }
        var head = Response(status: .ok, headers: [.contentType: "text/plain"])
        head.streamsBody = true
        exchange.whenStreamEnds { [self] in state.withLock { $0.ended += 1 } }
        exchange.reply(head)
        exchange.write(Array("first\n".utf8))
        state.withLock {
            $0.opened += 1
            if exchange.isStreaming { $0.exchanges.append(exchange) }
        }
    }

    /// Runs `body` on the loop for every stream still open.
    func onLoop(_ body: @escaping @Sendable (Exchange) -> Void) {
        for exchange in state.withLock({ $0.exchanges }) where exchange.isAnswered {
            exchange.loop.execute { if exchange.isStreaming { body(exchange) } }
        }
    }
}
