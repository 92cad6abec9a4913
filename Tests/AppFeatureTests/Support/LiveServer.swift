import AppFeature
import Dependencies
import EventHTTP
import Logging

/// Starts the real HTTP server on 127.0.0.1 and an ephemeral port for one test, then stops it.
///
/// The server runs the app's service routes plus the test features, on `loops` event loops.
enum LiveServer {
    private static let bootstrapped: Void = HTTPServer.bootstrapProcess()

    /// Runs the application's own handler — every domain — with `dependencies` overriding what its
    /// stores see (no process-wide `prepareDependencies` in tests).
    static func runApp(
        dependencies: DependencyValues,
        publicURL: String? = nil,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (HTTPServer, Int) async throws -> Void
    ) async throws {
        _ = bootstrapped
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.loops = 1
        configure(&configuration)
        let server = HTTPServer(
            configuration: configuration,
            handler: App.handler(settings: AppSettings(publicURL: publicURL), dependencies: dependencies),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        let port = try server.start()
        do {
            try await body(server, port)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    static func run(
        gate: Gate = Gate(),
        released: AttemptCounter = AttemptCounter(),
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (HTTPServer, Int) async throws -> Void
    ) async throws {
        _ = bootstrapped
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.loops = 1
        configure(&configuration)
        let handler = AppHandler(
            endpoints: [
                FeatureEndpoint(routes: ServiceRoutes(), reducer: ServiceFeature(), initialState: { .init() }),
                FeatureEndpoint(routes: EchoRoutes(), reducer: EchoFeature(), initialState: { .init() }),
                FeatureEndpoint(
                    routes: SlowRoutes(),
                    reducer: SlowFeature(gate: gate),
                    initialState: { .init(probe: LifetimeProbe(released: released)) }
                ),
            ],
            settings: AppSettings()
        )
        let server = HTTPServer(
            configuration: configuration,
            handler: handler,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        let port = try server.start()
        do {
            try await body(server, port)
        } catch {
            gate.open()
            await server.shutdown()
            throw error
        }
        gate.open()
        await server.shutdown()
    }
}
