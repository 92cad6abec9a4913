import CounterpartTestSupport
import EventHTTP
import HTTPKit
import HTTPTypes
import Synchronization
import Testing

/// A body many connections send is handed to libevent by reference, not copied (`SharedBytes`):
/// the tests that fail without its ownership rule. Bodies of 16 MiB, so that most of each stays
/// queued on the server — more than loopback's socket buffers take — while the clients read nothing.
@Suite("Live: shared bodies reach the socket by reference")
struct SharedBodyLiveTests {
    static let size = 16 << 20

    @Test("slow readers of one body each get it whole while it is replaced under them, and it is freed once written")
    func slowReadersWhileReplaced() async throws {
        let handler = ReplacingBodyHandler(size: Self.size)
        weak let first = handler.current
        try await LiveServer.serve(handler, configure: { $0.maxConnectionsPerClient = 64 }) { _, port in
            let readers = try (0..<6).map { _ in try HTTPClient(port: port) }
            for reader in readers { try reader.send("GET", "/") }
            // Each request took the body of its time and replaced it: the handler holds none of them.
            #expect(await eventually { handler.answered == readers.count })
            #expect(first != nil, "freed while connections still had to write it")
            for reader in readers {
                let response = try reader.readResponse()
                let version = try #require(response.header("X-Version").flatMap(UInt8.init))
                #expect(response.body.count == Self.size)
                #expect(response.body.allSatisfy { $0 == version }, "body \(version) arrived changed")
            }
            #expect(await eventually { first == nil }, "kept after every byte was written")
        }
    }
}

/// Answers each request with the current body, then replaces it with the next version's (as a
/// write replaces a cached answer) and keeps no reference to the one it gave.
final class ReplacingBodyHandler: HTTPHandler, Sendable {
    private let state: Mutex<(version: UInt8, body: SharedBytes)>
    private let size: Int

    init(size: Int) {
        self.size = size
        state = Mutex((1, Self.body(version: 1, size: size)))
    }

    /// The body the next request gets.
    var current: SharedBytes { state.withLock { $0.body } }

    /// How many requests were answered.
    var answered: Int { state.withLock { Int($0.version) - 1 } }

    func handle(_ request: ServerRequest, exchange: Exchange) {
        let (version, body) = state.withLock { state in
            defer { state = (state.version + 1, Self.body(version: state.version + 1, size: size)) }
            return state
        }
        exchange.reply(
            Response(status: .ok, headers: [Self.versionField: String(version)], body: ResponseBody(shared: body)))
    }

    /// `X-Version`: which body an answer carries.
    static let versionField = HTTPField.Name("X-Version")!

    private static func body(version: UInt8, size: Int) -> SharedBytes {
        SharedBytes(copying: [UInt8](repeating: version, count: size))
    }
}
