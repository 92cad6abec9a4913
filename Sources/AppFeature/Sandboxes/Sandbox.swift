public import Dependencies
public import HTTPKit
import Synchronization

/// One sandbox (api.md §6.4): everything mutable a request inside it sees — its repositories, outbox,
/// demo controls and reset (in `dependencies`), its idempotency keys and rate windows — and when it
/// was last used.
///
/// A reference: the registry and every request in flight share it, and a request that began before
/// the sandbox was dropped finishes with it (its writes then fail: the storage checks the generation).
public final class Sandbox: Sendable {
    /// Its name.
    public let name: SandboxName
    /// Which sandbox of that name it is: a new one each time the name is created (0: the default).
    public let generation: Int64
    /// When it was first created (a restart keeps it).
    public let createdAt: Timestamp
    /// The seed it was created with.
    private let initialSeed: UInt64
    /// The idempotency keys its requests used.
    public let idempotency: IdempotencyKeys
    /// Its clients' rate windows.
    public let rateLimiter: RateLimiter
    /// Its demo controls (`--dev`); `nil` without.
    public let controls: DemoControls?
    /// What its stores run with; `nil` only for a default sandbox whose endpoints carry the values
    /// they were given (tests).
    public let dependencies: DependencyValues?
    /// What the absolute URLs of a request naming it carry after the base: `/sandboxes/{name}`. (A
    /// request that names no sandbox carries nothing, in the default sandbox.)
    public let urlPrefix: String
    /// `--public-url` followed by `urlPrefix`, when the server has one: the base of such a request's
    /// absolute URLs, made once rather than on every request.
    let publicBaseURL: String?
    private let lastUse: Atomic<Int64>

    /// A sandbox over these stores, last used at `now` (Unix seconds), its URLs under `publicURL`
    /// when the server has one.
    public init(
        name: SandboxName,
        generation: Int64,
        createdAt: Timestamp,
        seed: UInt64,
        idempotency: IdempotencyKeys,
        rateLimiter: RateLimiter,
        controls: DemoControls?,
        dependencies: DependencyValues?,
        publicURL: String?,
        now: Int64
    ) {
        self.name = name
        self.generation = generation
        self.createdAt = createdAt
        initialSeed = seed
        self.idempotency = idempotency
        self.rateLimiter = rateLimiter
        self.controls = controls
        self.dependencies = dependencies
        let urlPrefix = SandboxPrefix.naming(name.rawValue)
        self.urlPrefix = urlPrefix
        publicBaseURL = publicURL.map { $0 + urlPrefix }
        lastUse = Atomic(now)
    }

    /// The seed of its draws: the one its last reset gave, else the one it was created with.
    public var seed: UInt64 { controls?.seed ?? initialSeed }

    /// When a request last ran in it, in Unix seconds.
    public var lastUsed: Int64 { lastUse.load(ordering: .relaxed) }

    /// Records a request at `now`.
    func touch(_ now: Int64) {
        lastUse.store(now, ordering: .relaxed)
    }
}
