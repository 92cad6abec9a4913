import AppFeature
import CounterpartTestSupport
import Dependencies
import EventHTTP
import HTTPKit
import Logging

/// The application's handler served without a socket: each request is read, handled and answered on
/// the server's loop exactly as on a connection, and its answer comes back whole — status, headers
/// with `Date`, body. For tests about what the app answers; what only a socket shows (keep-alive,
/// slow clients, disconnects, pipelining) stays with `LiveServer`.
///
/// Nothing here waits on a clock: a request is answered when its effects finish, however busy the
/// machine, within the server's own request deadline. A test's closure spells out its type,
/// `{ (client: InProcessApp) async throws in`: when every `try` in it is inside `#expect`, Swift
/// would otherwise infer a closure that cannot throw.
struct InProcessApp: Sendable {
    let server: HTTPServer

    /// Runs the application's own handler — every domain — with `dependencies` overriding what its
    /// stores see, for the length of `body`; the options are `LiveServer.runApp`'s, except that rate
    /// windows stand still unless a test passes a limiter of its own: answers a test compares whole
    /// must not depend on whether a minute passed between two of its requests.
    static func run(
        dependencies: DependencyValues,
        publicURL: String? = nil,
        trustProxy: Bool = false,
        dev: Bool = false,
        controls: DemoControls = DemoControls(),
        rateLimiter: RateLimiter? = nil,
        datasets: SeededDatasets? = nil,
        sandboxLimits: SandboxLimits = SandboxLimits(),
        domains: [Domain] = App.domains,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (InProcessApp) async throws -> Void
    ) async throws {
        let handler = LiveServer.appHandler(
            dependencies: dependencies, publicURL: publicURL, trustProxy: trustProxy, dev: dev, controls: controls,
            rateLimiter: rateLimiter ?? .standard(domains: domains, now: { 0 }), datasets: datasets,
            sandboxLimits: sandboxLimits, domains: domains)
        try await serve(handler, configure: configure, body)
    }

    /// Runs the service routes plus the test features (`LiveServer.testFeaturesHandler`: `/echo`,
    /// `/slow`, `/boom`) for the length of `body`; `gate` opens when it ends.
    static func runTestFeatures(
        gate: Gate = Gate(),
        released: AttemptCounter = AttemptCounter(),
        metrics: AppMetrics = AppMetrics(),
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (InProcessApp) async throws -> Void
    ) async throws {
        let handler = LiveServer.testFeaturesHandler(gate: gate, released: released, metrics: metrics)
        try await serve(handler, configure: configure, beforeShutdown: gate.open, body)
    }

    /// Serves `handler` in process for the length of `body`; `beforeShutdown` lets held effects
    /// finish so shutdown does not wait for its timeout.
    private static func serve(
        _ handler: AppHandler, configure: (inout ServerConfiguration) -> Void, beforeShutdown: () -> Void = {},
        _ body: (InProcessApp) async throws -> Void
    ) async throws {
        _ = LiveServer.bootstrapped
        let server = HTTPServer(
            configuration: LiveServer.testConfiguration(configure), handler: handler,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try server.startInProcess()
        do {
            try await body(InProcessApp(server: server))
        } catch {
            beforeShutdown()
            await server.shutdown()
            throw error
        }
        beforeShutdown()
        await server.shutdown()
    }

    /// Sends one request as `HTTPClient.request` does and returns its whole answer; a request that
    /// ends without one (dropped) throws `ClientError.closed`.
    func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws(ClientError) -> ClientResponse {
        try await send(requestBytes(method, target, headers: headers, body: body))
    }

    /// Sends `bytes` as they are, one request.
    func send(_ bytes: [UInt8]) async throws(ClientError) -> ClientResponse {
        guard let answer = await server.answer(bytes) else { throw .closed }
        return try ClientResponse(parsing: answer)
    }
}
