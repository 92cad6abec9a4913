import AppFeature
import Logging

extension Serve {
    /// What the server does besides answering, each on its own period: drop sandboxes idle beyond
    /// `--sandbox-idle` (api.md §6.4; checked every tenth of it, at most once a minute); with
    /// PostgreSQL, keep the shared tables bounded (once a minute) and, with `--dev`, adopt the
    /// datasets another instance reseeded (every second).
    func upkeep(sandboxes: SandboxRegistry, database: AppDatabase, logger: Logger) -> [Periodic] {
        var upkeep = [
            Periodic(name: "sandbox sweep", interval: .seconds(min(60, max(1, sandboxes.limits.idleSeconds / 10)))) {
                await sandboxes.sweep()
            }
        ]
        if let sweep = database.sharedStateSweep {
            upkeep.append(
                Periodic(name: "shared tables sweep", interval: .seconds(60)) {
                    do {
                        try await sweep(unixMilliseconds())
                    } catch {
                        logger.warning("cannot sweep the shared tables", metadata: ["reason": "\(error)"])
                    }
                })
        }
        if demo.dev, database.datasets.isShared {
            let datasets = database.datasets
            upkeep.append(
                Periodic(name: "datasets catch-up", interval: .seconds(1)) {
                    do {
                        if let seed = try await datasets.catchUp() {
                            logger.info("adopted the datasets another instance reseeded", metadata: ["seed": "\(seed)"])
                        }
                    } catch {
                        logger.warning("cannot read the shared datasets' seed", metadata: ["reason": "\(error)"])
                    }
                })
        }
        return upkeep
    }
}
