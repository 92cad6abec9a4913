import ServiceLifecycle

/// Work a server does every `interval` while it runs — dropping idle sandboxes, sweeping the shared
/// tables, following the shared datasets' seed — until it shuts down (the sleep is cancelled on
/// SIGTERM, so the loop ends with the service group).
struct Periodic: Service {
    /// What the work is, in the service group's log lines.
    let name: String
    let interval: Duration
    let work: @Sendable () async -> Void

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            await work()
        }
    }
}
