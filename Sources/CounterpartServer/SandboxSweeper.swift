import AppFeature
import ServiceLifecycle

/// Drops sandboxes idle beyond `--sandbox-idle` (api.md §6.4), checking every tenth of it (at most
/// once a minute), until the server shuts down.
struct SandboxSweeper: Service {
    let sandboxes: SandboxRegistry

    func run() async throws {
        let interval = Duration.seconds(min(60, max(1, sandboxes.limits.idleSeconds / 10)))
        // Sleeping is cancelled on shutdown (SIGTERM): the loop ends with it, and the group with it.
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            await sandboxes.sweep()
        }
    }
}
