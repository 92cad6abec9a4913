@testable import EventHTTP
import HTTPKit
import HTTPTypes
import Logging
import Testing

/// A server with no socket, as the first server of its process. `Scripts/test` also runs this suite
/// alone, in a process of its own: inside the whole suite another test has always made libevent
/// thread-safe first, and the bug it guards against cannot show.
@Suite("In-process server, first in its process")
struct InProcessServerTests {
    /// Answers every request 204.
    struct NoContent: HTTPHandler {
        func handle(_ request: ServerRequest, exchange: Exchange) {
            exchange.reply(Response(status: .noContent))
        }
    }

    @Test("it answers, then stops when asked: its loop wakes for work from other threads")
    func stopsWhenAsked() async throws {
        let server = HTTPServer(
            configuration: ServerConfiguration(), handler: NoContent(),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try server.startInProcess()
        let answer = await server.answer(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(answer.map { String(decoding: $0, as: UTF8.self).hasPrefix("HTTP/1.1 204") } == true)
        // Before every loop turned on libevent's thread support itself, a base made first in its
        // process slept through the stop queued here: this waited for ever.
        await server.shutdown()
    }
}
