import HTTPKit
import AppFeature
import Dependencies
import EventHTTP
import Logging
import PinGeometry
import RepoSearchFeature

/// Starts the real HTTP server on 127.0.0.1 and an ephemeral port for one test, then stops it.
enum LiveServer {
    /// libevent's threading, once per process: touch it before creating any loop.
    static let bootstrapped: Void = HTTPServer.bootstrapProcess()

    /// Runs the application's own handler — every domain — with `dependencies` overriding what its
    /// stores see (no process-wide `prepareDependencies` in tests); with `dev`, `controls` are the
    /// demo controls applied and shown on `/__admin`; `datasets`, when given, are what a reset to
    /// another seed regenerates. Sandboxes besides the default one are kept in the dependencies'
    /// `sandboxStorage` (in memory unless a test installs another) within `sandboxLimits`.
    static func runApp(
        dependencies: DependencyValues,
        publicURL: String? = nil,
        trustProxy: Bool = false,
        dev: Bool = false,
        controls: DemoControls = DemoControls(),
        rateLimiter: RateLimiter = .standard(),
        datasets: SeededDatasets? = nil,
        sandboxLimits: SandboxLimits = SandboxLimits(),
        streamLimits: StreamLimits = StreamLimits(),
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (HTTPServer, Int) async throws -> Void
    ) async throws {
        let handler = appHandler(
            dependencies: dependencies, publicURL: publicURL, trustProxy: trustProxy, dev: dev, controls: controls,
            rateLimiter: rateLimiter, datasets: datasets, sandboxLimits: sandboxLimits, streamLimits: streamLimits)
        try await serve(handler, configure: configure, body)
    }

    /// The application's own handler, as `runApp` and `InProcessApp.run` serve it.
    static func appHandler(
        dependencies: DependencyValues,
        publicURL: String? = nil,
        trustProxy: Bool = false,
        dev: Bool = false,
        controls: DemoControls = DemoControls(),
        rateLimiter: RateLimiter = .standard(),
        datasets: SeededDatasets? = nil,
        sandboxLimits: SandboxLimits = SandboxLimits(),
        streamLimits: StreamLimits = StreamLimits(),
        domains: [Domain] = App.domains
    ) -> AppHandler {
        var dependencies = dependencies
        dependencies.demoControls = controls
        dependencies.demoReset = DemoReset(
            idempotency: .local(IdempotencyStore()), rateLimiter: rateLimiter, datasets: datasets, domains: domains)
        return App.handler(
            settings: AppSettings(
                publicURL: publicURL, trustProxy: trustProxy, dev: dev, sandboxLimits: sandboxLimits,
                streamLimits: streamLimits),
            dependencies: dependencies,
            domains: domains
        )
    }

    /// Runs the service routes plus the test features (`testFeaturesHandler`) for the length of
    /// `body`; `gate` opens when it ends.
    static func run(
        gate: Gate = Gate(),
        released: AttemptCounter = AttemptCounter(),
        metrics: AppMetrics = AppMetrics(),
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (HTTPServer, Int) async throws -> Void
    ) async throws {
        let handler = testFeaturesHandler(gate: gate, released: released, metrics: metrics)
        try await serve(handler, configure: configure, beforeShutdown: gate.open, body)
    }

    /// The service routes plus the test features: `/echo`, and `/slow` and `/boom` whose effects
    /// wait on `gate` and whose stores count their release in `released`. Answers are counted in
    /// `metrics`, which `/metrics` shows.
    static func testFeaturesHandler(gate: Gate, released: AttemptCounter, metrics: AppMetrics) -> AppHandler {
        var service = DependencyValues._current
        service.appMetrics = metrics
        return AppHandler(
            endpoints: [
                Endpoint(
                    routes: ServiceRoutes(), reducer: ServiceFeature(links: []), initialState: { .init() },
                    dependencies: service
                ),
                Endpoint(routes: EchoRoutes(), reducer: EchoFeature(), initialState: { .init() }),
                Endpoint(
                    routes: SlowRoutes(),
                    reducer: SlowFeature(gate: gate),
                    initialState: { .init(probe: LifetimeProbe(released: released)) }
                ),
            ],
            settings: AppSettings(),
            sandboxes: .over(service, prepared: false, settings: AppSettings()),
            metrics: metrics
        )
    }

    /// The configuration tests serve with: an ephemeral port, one loop, and server-side timers far
    /// from what a test waits for.
    static func testConfiguration(_ configure: (inout ServerConfiguration) -> Void) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.loops = 1
        // A test's task can wait a minute and more for one of the two cooperative threads while
        // every other test runs; server-side timers must not race it, so they are ten minutes off.
        // Tests of the deadline and timeouts set their own.
        configuration.requestTimeout = .seconds(600)
        configuration.idleTimeout = .seconds(600)
        configure(&configuration)
        return configuration
    }

    /// Serves `handler` on one loop (unless `configure` says otherwise) for the length of `body`;
    /// `beforeShutdown` lets held effects finish so shutdown does not wait for its timeout.
    static func serve(
        _ handler: some HTTPHandler,
        configure: (inout ServerConfiguration) -> Void,
        beforeShutdown: () -> Void = {},
        _ body: (HTTPServer, Int) async throws -> Void
    ) async throws {
        _ = bootstrapped
        let server = HTTPServer(
            configuration: testConfiguration(configure),
            handler: handler,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        let port = try server.start()
        do {
            try await body(server, port)
        } catch {
            beforeShutdown()
            await server.shutdown()
            throw error
        }
        beforeShutdown()
        await server.shutdown()
    }
}
