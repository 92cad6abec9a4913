public import HTTPKit

/// Where sandboxes keep their data (api.md §6.4), whatever holds it: in memory, or rows keyed by
/// sandbox in one SQLite file or in the PostgreSQL database several instances share.
///
/// The registry records a new sandbox (so its stores may write), seeds it through its
/// repositories, then marks it seeded; a seeded sandbox survives a restart with its data, one whose
/// seeding a crash cut short is dropped when the storage opens, and dropping one removes only its
/// own rows.
public struct SandboxStorage: Sendable {
    /// Every domain's stores of one sandbox's data (`place.partition`: its name and generation), as
    /// they are (a new sandbox's are seeded by the registry, after it is recorded).
    public var stores: @Sendable (_ place: StorePlace) -> StoreSetter
    /// Records a sandbox about to be seeded, so its stores may write — or, where other instances
    /// create sandboxes too, finds the one another instance already made, to be used as it is.
    public var record: @Sendable (_ record: SandboxRecord) async throws -> SandboxClaim
    /// Marks a recorded sandbox seeded, so a restart finds it.
    public var markSeeded: @Sendable (_ record: SandboxRecord) async throws -> Void
    /// Removes a sandbox's data and record — only while the record is of `generation`, when given
    /// (another instance may have made the name again) — and says whether there was one.
    public var drop: @Sendable (_ name: SandboxName, _ generation: Int64?) async throws -> Bool
    /// The seeded sandboxes recorded when the storage was opened.
    public var restored: [SandboxRecord]
    /// Where several instances share the sandboxes (PostgreSQL): the record every request checks
    /// first and the last use idle expiry goes by. `nil`: this process's registry is the truth.
    public var shared: (any SharedSandboxes)?

    /// Creates a storage from its operations.
    public init(
        stores: @escaping @Sendable (_ place: StorePlace) -> StoreSetter,
        record: @escaping @Sendable (_ record: SandboxRecord) async throws -> SandboxClaim,
        markSeeded: @escaping @Sendable (_ record: SandboxRecord) async throws -> Void,
        drop: @escaping @Sendable (_ name: SandboxName, _ generation: Int64?) async throws -> Bool,
        restored: [SandboxRecord],
        shared: (any SharedSandboxes)? = nil
    ) {
        self.stores = stores
        self.record = record
        self.markSeeded = markSeeded
        self.drop = drop
        self.restored = restored
        self.shared = shared
    }

    /// Sandboxes in process memory: each gets stores of its own for every domain of `domains`, gone
    /// with it or with the process (a request that outlives its sandbox writes to stores nobody reads
    /// any more).
    public static func inMemory(_ domains: [Domain] = App.domains) -> SandboxStorage {
        SandboxStorage(
            stores: { place in domains.stores { $0.memory(place) } },
            record: { _ in .recorded },
            markSeeded: { _ in },
            drop: { _, _ in true },
            restored: []
        )
    }
}

/// What recording a new sandbox found.
public enum SandboxClaim: Sendable, Equatable {
    /// The record is stored: seed the sandbox, then mark it seeded.
    case recorded
    /// Another instance made and seeded this sandbox: use its record and data as they are.
    case existing(SandboxRecord)
}

/// What is kept about a sandbox besides its data: its name, its generation (a new one each time
/// the name is created), when it was created and its seed.
public struct SandboxRecord: Sendable, Equatable {
    public var name: SandboxName
    public var generation: Int64
    public var createdAt: Timestamp
    public var seed: UInt64

    /// Creates a record.
    public init(name: SandboxName, generation: Int64, createdAt: Timestamp, seed: UInt64) {
        self.name = name
        self.generation = generation
        self.createdAt = createdAt
        self.seed = seed
    }
}
