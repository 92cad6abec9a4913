import MapPinsFeature
import RepoSearchFeature
import Synchronization

/// The read-only datasets of one seed — the repositories and the pins — replaced whole when a
/// reset asks for another seed (`POST /__admin/reset {"seed":42}`).
///
/// The repositories the app's dependencies hold forward every call to the current pair, swapped
/// once regenerating is done. Regenerating writes each table in its own transaction and opens fresh
/// backends (their indexes are built lazily); on SQLite the old backends read the new tables while
/// it runs, so a search or a cluster request during that time can mix the two seeds.
final class SeededDatasets: Sendable {
    private struct Current {
        var repositories: RepoSearchRepository
        var pins: MapPinRepository
    }

    private let current: Mutex<Current>
    private let regenerate: @Sendable (UInt64) async throws -> (RepoSearchRepository, MapPinRepository)

    /// Starts with `repositories` and `pins`; `regenerate` makes the pair for another seed.
    init(
        repositories: RepoSearchRepository,
        pins: MapPinRepository,
        regenerate: @escaping @Sendable (UInt64) async throws -> (RepoSearchRepository, MapPinRepository)
    ) {
        current = Mutex(Current(repositories: repositories, pins: pins))
        self.regenerate = regenerate
    }

    /// The datasets of `seed` from now on.
    func reseed(_ seed: UInt64) async throws {
        let (repositories, pins) = try await regenerate(seed)
        current.withLock { $0 = Current(repositories: repositories, pins: pins) }
    }

    /// The repositories, whichever seed is current at each call.
    var repositories: RepoSearchRepository {
        RepoSearchRepository(
            search: { query, order, offset, limit in
                try await self.current.withLock { $0.repositories }.search(query, order, offset, limit)
            },
            repository: { owner, name in try await self.current.withLock { $0.repositories }.repository(owner, name) }
        )
    }

    /// The pins, whichever seed is current at each call.
    var pins: MapPinRepository {
        MapPinRepository(
            search: { query in try await self.current.withLock { $0.pins }.search(query) },
            pin: { id in try await self.current.withLock { $0.pins }.pin(id) },
            clusters: { box, zoom in try await self.current.withLock { $0.pins }.clusters(box, zoom) },
            leaves: { cluster, limit, offset in
                try await self.current.withLock { $0.pins }.leaves(cluster, limit, offset)
            }
        )
    }
}
