public import MapPinsFeature
public import RepoSearchFeature
import Storage
import Synchronization

/// The read-only datasets of one seed — the repositories and the pins — replaced whole when a
/// reset asks for another seed (`POST /__admin/reset {"seed":42}`), and the one record of which
/// seed that is.
///
/// The repositories the app's dependencies hold (`resettable`) forward every call to the current
/// generation through a `ReadWriteGate`: a reseed waits for the calls under way, regenerates (one
/// SQLite transaction for the tables and the seed) and swaps the backends in before any call that
/// arrived meanwhile goes on — so every call runs wholly on one seed's data, never on a mix of the
/// old backends' in-memory indexes and the new tables. Each generation has its own data version,
/// so an answer cached from the old seed is never served after the swap.
public final class SeededDatasets: Sendable {
    /// One seed's backends and the version their cached answers are stored under.
    struct Generation: Sendable {
        var seed: UInt64
        var version: Int
        var repositories: RepoSearchRepository
        var pins: MapPinRepository
    }

    /// Where other instances may reseed the same datasets (PostgreSQL): the seed they recorded,
    /// and this instance's backends over the tables as they now are.
    public struct Shared: Sendable {
        var recordedSeed: @Sendable () async throws -> UInt64?
        var backends: @Sendable () -> (RepoSearchRepository, MapPinRepository)

        /// `recordedSeed` reads the seed other instances recorded; `backends` are this instance's
        /// over the tables as they now are.
        public init(
            recordedSeed: @escaping @Sendable () async throws -> UInt64?,
            backends: @escaping @Sendable () -> (RepoSearchRepository, MapPinRepository)
        ) {
            self.recordedSeed = recordedSeed
            self.backends = backends
        }
    }

    private let current: Mutex<Generation>
    /// Internal, not private: tests order their calls by who waits at it.
    let gate = ReadWriteGate()
    private let regenerate: @Sendable (UInt64) async throws -> (RepoSearchRepository, MapPinRepository)
    private let shared: Shared?

    /// Starts with `repositories` and `pins` of `seed`; `regenerate` makes (and, in a file, stores)
    /// the pair for another seed; `shared`, where other instances may do so too.
    public init(
        seed: UInt64,
        repositories: RepoSearchRepository,
        pins: MapPinRepository,
        shared: Shared? = nil,
        regenerate: @escaping @Sendable (UInt64) async throws -> (RepoSearchRepository, MapPinRepository)
    ) {
        current = Mutex(Generation(seed: seed, version: 0, repositories: repositories, pins: pins))
        self.shared = shared
        self.regenerate = regenerate
    }

    /// Whether another instance can reseed these datasets (so `catchUp` has work to do).
    public var isShared: Bool { shared != nil }

    /// Adopts the seed another instance reseeded the shared datasets to, if it changed: new
    /// backends over the tables as they are (their indexes and trees built anew from them), and a
    /// new version, so no answer cached from the old seed is served. Returns the seed adopted.
    public func catchUp() async throws -> UInt64? {
        guard let shared, let recorded = try await shared.recordedSeed(), recorded != seed else { return nil }
        return await gate.write {
            let (repositories, pins) = shared.backends()
            return current.withLock { generation in
                guard generation.seed != recorded else { return nil }
                generation = Generation(
                    seed: recorded, version: generation.version + 1, repositories: repositories, pins: pins)
                return recorded
            }
        }
    }

    /// The seed the datasets were generated from.
    public var seed: UInt64 { current.withLock { $0.seed } }

    /// The datasets of `seed` from now on, once the calls under way have finished.
    public func reseed(_ seed: UInt64) async throws {
        try await gate.write {
            let (repositories, pins) = try await regenerate(seed)
            current.withLock { generation in
                generation = Generation(
                    seed: seed, version: generation.version + 1, repositories: repositories, pins: pins)
            }
        }
    }

    /// The current generation's backends as they are, for a server that never reseeds (no `--dev`,
    /// so no reset): no gate to pass.
    var fixed: Generation { current.withLock { $0 } }

    /// Runs `call` on the current generation, never while a reseed replaces it.
    private func withCurrent<T>(_ call: (Generation) async throws -> T) async throws -> T {
        try await gate.read { try await call(current.withLock { $0 }) }
    }

    /// The repositories, each call wholly on one seed's data.
    var resettableRepositories: RepoSearchRepository {
        RepoSearchRepository(
            search: { query, order, offset, limit in
                try await self.withCurrent { try await $0.repositories.search(query, order, offset, limit) }
            },
            repository: { owner, name in
                try await self.withCurrent { try await $0.repositories.repository(owner, name) }
            },
            version: { self.current.withLock { $0.version } }
        )
    }

    /// The pins, each call wholly on one seed's data.
    var resettablePins: MapPinRepository {
        MapPinRepository(
            search: { query in try await self.withCurrent { try await $0.pins.search(query) } },
            pin: { id in try await self.withCurrent { try await $0.pins.pin(id) } },
            clusters: { box, zoom in try await self.withCurrent { try await $0.pins.clusters(box, zoom) } },
            leaves: { cluster, limit, offset in
                try await self.withCurrent { try await $0.pins.leaves(cluster, limit, offset) }
            },
            version: { self.current.withLock { $0.version } }
        )
    }
}
