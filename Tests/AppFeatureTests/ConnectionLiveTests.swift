import AppFeature
import CounterpartTestSupport
import EventHTTP
import Foundation
import Synchronization
import Testing

/// The connection layer's own promises beyond framing (issue #14's HTTP layer): every connection
/// ends up timed, a client that sends faster than it reads is slowed rather than buffered without
/// end, and what RFC 9112 lets a client send between requests is read as it allows.
@Suite("Live: connections")
struct ConnectionLiveTests {
    @Test("a stray CRLF after a request leaves the connection timed: it is closed at --idle-timeout")
    func strayLineBreakIsTimed() async throws {
        // Only the idle timer can close it before the client gives up (30 s): the others are far off.
        // No bound on how soon: a loaded machine may run the timer late.
        try await LiveServer.run(configure: {
            $0.idleTimeout = .milliseconds(200)
            $0.headerTimeout = .seconds(120)
        }) { _, port in
            let client = try HTTPClient(port: port)
            try client.write(Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n\r\n".utf8))
            #expect(try client.readResponse().status == 200)
            #expect(client.isClosedByPeer(), "the connection is closed, not left open without a timer")
        }
    }

    @Test("a stray CRLF split across two reads is skipped, not refused")
    func splitStrayLineBreak() async throws {
        // The pause between the two writes can stretch to seconds on a busy test machine: deadlines
        // far beyond it keep this about parsing.
        try await LiveServer.run(configure: {
            $0.headerTimeout = .seconds(120)
            $0.idleTimeout = .seconds(120)
        }) { _, port in
            let client = try HTTPClient(port: port)
            try client.write(Array("\r".utf8))
            try await Task.sleep(for: .milliseconds(50))
            try client.write(Array("\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let answer = try client.readResponse()
            #expect(answer.status == 200, "\(answer.text)")
        }
    }

    @Test("a client that pipelines without reading is slowed down, then gets every answer in order")
    func pipeliningWithoutReadingIsBounded() async throws {
        try await LiveServer.run { server, port in
            let count = 30_000
            let request = Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let client = try HTTPClient(port: port, timeout: .seconds(20))
            let sent = Atomic<Bool>(false)
            // The writes block once the server stops reading; a thread of its own keeps them going.
            // `write` only sends on the socket, `readResponse` only receives and owns the buffer.
            nonisolated(unsafe) let sender = client
            let writer = Thread {
                try? sender.write(Array(repeatElement(request, count: count).joined()))
                sent.store(true, ordering: .releasing)
            }
            writer.start()
            // The count of requests read climbs while the kernel's buffers take the answers, then
            // stands still: the server stopped reading instead of queueing answers without end.
            var answered = 0
            for _ in 0..<100 {
                try await Task.sleep(for: .milliseconds(300))
                let now = server.statistics().requests
                if now > 0, now == answered { break }
                answered = now
            }
            #expect(answered < count, "the server stopped reading while its answers went unread")
            for index in 0..<count {
                // Seconds of parsing on one of two cooperative threads: let other tests' tasks run between.
                if index % 1_000 == 0 { await Task.yield() }
                let answer = try client.readResponse()
                guard answer.status == 200 else {
                    Issue.record("answer \(index + 1) is \(answer.status)")
                    return
                }
            }
            #expect(server.statistics().requests == count)
            #expect(await eventually { sent.load(ordering: .acquiring) })
        }
    }
}
