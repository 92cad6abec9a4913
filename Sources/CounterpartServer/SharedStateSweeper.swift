import AppFeature
import Logging
import ServiceLifecycle

/// Runs `SharedStateSweep` once a minute while the server runs (PostgreSQL only), until shutdown.
struct SharedStateSweeper: Service {
    let sweep: SharedStateSweep
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(60)) }
            } catch {
                return
            }
            do {
                try await sweep.run(now: unixMilliseconds())
            } catch {
                logger.warning("cannot sweep the shared tables", metadata: ["reason": "\(error)"])
            }
        }
    }
}
