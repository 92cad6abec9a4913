import AppFeature
import Logging
import ServiceLifecycle

/// Keeps this instance on the seed of the shared read-only datasets (PostgreSQL with `--dev`): a
/// `POST /__admin/reset {"seed":…}` through another instance regenerates the tables, and this one
/// adopts them within `interval` — its search index and cluster trees rebuilt from them, its cached
/// answers of the old seed unreachable.
struct DatasetFollower: Service {
    let datasets: SeededDatasets
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            do {
                if let seed = try await datasets.catchUp() {
                    logger.info("adopted the datasets another instance reseeded", metadata: ["seed": "\(seed)"])
                }
            } catch {
                logger.warning("cannot read the shared datasets' seed", metadata: ["reason": "\(error)"])
            }
        }
    }
}
