import Storage
import Synchronization

/// The read-only datasets of one seed — each dataset domain's backend (`DomainDataset`) — replaced
/// whole when a reset asks for another seed (`POST /__admin/reset {"seed":42}`), and the one record
/// of which seed that is.
///
/// The repositories the app's dependencies hold (`DatasetAccess`, with `--dev`) reach the current
/// generation through a `ReadWriteGate`: a reseed waits for the calls under way, regenerates (one
/// SQLite transaction for every dataset's tables and the seed) and swaps the backends in before
/// any call that arrived meanwhile goes on — so every call runs wholly on one seed's data, never on
/// a mix of the old backends' in-memory indexes and the new tables. Each generation has its own
/// data version, so an answer cached from the old seed is never served after the swap.
public final class SeededDatasets: Sendable {
    /// Each dataset domain's backend, by domain name.
    public typealias Backends = [String: any Sendable]

    /// One seed's backends and the version their cached answers are stored under.
    struct Generation: Sendable {
        var seed: UInt64
        var version: Int
        var backends: Backends
    }

    /// Where other instances may reseed the same datasets (PostgreSQL): the seed they recorded,
    /// and this instance's backends over the tables as they now are.
    public struct Shared: Sendable {
        var recordedSeed: @Sendable () async throws -> UInt64?
        var backends: @Sendable () -> Backends

        /// `recordedSeed` reads the seed other instances recorded; `backends` are this instance's
        /// over the tables as they now are.
        public init(
            recordedSeed: @escaping @Sendable () async throws -> UInt64?, backends: @escaping @Sendable () -> Backends
        ) {
            self.recordedSeed = recordedSeed
            self.backends = backends
        }
    }

    private let current: Mutex<Generation>
    /// Internal, not private: tests order their calls by who waits at it.
    let gate = ReadWriteGate()
    private let regenerate: @Sendable (UInt64) async throws -> Backends
    private let shared: Shared?

    /// Starts with `backends` of `seed`; `regenerate` makes (and, in a file, stores) the backends
    /// of another seed; `shared`, where other instances may do so too.
    public init(
        seed: UInt64,
        backends: Backends,
        shared: Shared? = nil,
        regenerate: @escaping @Sendable (UInt64) async throws -> Backends
    ) {
        current = Mutex(Generation(seed: seed, version: 0, backends: backends))
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
            let backends = shared.backends()
            return current.withLock { generation in
                guard generation.seed != recorded else { return nil }
                generation = Generation(seed: recorded, version: generation.version + 1, backends: backends)
                return recorded
            }
        }
    }

    /// The seed the datasets were generated from.
    public var seed: UInt64 { current.withLock { $0.seed } }

    /// The current generation's data version.
    var version: Int { current.withLock { $0.version } }

    /// The datasets of `seed` from now on, once the calls under way have finished.
    public func reseed(_ seed: UInt64) async throws {
        try await gate.write {
            let backends = try await regenerate(seed)
            current.withLock { generation in
                generation = Generation(seed: seed, version: generation.version + 1, backends: backends)
            }
        }
    }

    /// The current generation's backend of domain `name`, as it is: no gate to pass.
    func backend(_ name: String) throws -> any Sendable {
        guard let backend = current.withLock({ $0.backends[name] }) else { throw Self.missing(name) }
        return backend
    }

    /// Runs `call` on the current generation's backend of domain `name`, never while a reseed
    /// replaces it.
    func withCurrent<T>(_ name: String, _ call: (any Sendable) async throws -> T) async throws -> T {
        try await gate.read {
            guard let backend = current.withLock({ $0.backends[name] }) else { throw Self.missing(name) }
            return try await call(backend)
        }
    }

    private static func missing(_ name: String) -> StorageError {
        .unsupported("no dataset of domain \(name) was opened: is it in the list the database was opened with?")
    }
}
