public import Dependencies
public import HTTPKit
import NewsletterFeature
import PinGeometry
import RepoSearchFeature
import Storage
import TodosFeature

/// What `POST /__admin/reset` puts back (api.md §6.2), beyond the repositories it reaches through
/// their dependencies: the pipeline's idempotency keys and rate windows, the read-only datasets
/// when another seed is asked for, and the sizes it reports.
///
/// Each mutable domain is reset in one write of its own store (one SQLite transaction, or under the
/// in-memory store's lock), so a request in flight reads it either before or after. A reset to
/// another seed is not yet that atomic on SQLite: the repositories, the pins and the seed marker are
/// three transactions, and the old backends read the new tables until the new ones are swapped in.
public struct DemoReset: Sendable {
    /// The keys the idempotency stage keeps.
    public let idempotency: IdempotencyStore
    /// The rate limiter's windows.
    public let rateLimiter: RateLimiter
    /// Regenerates the repositories and pins from another seed; `nil` where the datasets are fixed
    /// (live tests that install their own repositories).
    public let reseed: (@Sendable (UInt64) async throws -> Void)?
    /// How many repositories and pins are served.
    public let repositoryCount: Int
    public let pinCount: Int

    /// Creates the reset over the pipeline's stores and the datasets.
    public init(
        idempotency: IdempotencyStore, rateLimiter: RateLimiter,
        reseed: (@Sendable (UInt64) async throws -> Void)?, repositoryCount: Int, pinCount: Int
    ) {
        self.idempotency = idempotency
        self.rateLimiter = rateLimiter
        self.reseed = reseed
        self.repositoryCount = repositoryCount
        self.pinCount = pinCount
    }

    /// The 422 for a reset to another seed where the datasets cannot be regenerated; `nil` when
    /// the reset can go ahead.
    func unsupported(seed: UInt64?, current: UInt64) -> Problem? {
        guard let seed, seed != current, reseed == nil else { return nil }
        return .validationFailed([
            FieldError(
                field: "seed", code: "invalid",
                detail: "This server's repositories and pins are fixed at seed \(current); reset without a seed.")
        ])
    }

    /// Every domain back to its seed — the repositories and pins regenerated when `seed` is another
    /// one — and the seeded draws (delays, fault rate) started again.
    func reset(seed: UInt64?) async throws -> ResetSummary {
        @Dependency(\.todoRepository) var todos
        @Dependency(\.newsletterRepository) var newsletter
        @Dependency(\.outbox) var outbox
        @Dependency(\.responseCache) var cache
        @Dependency(\.demoControls) var controls
        let seed = seed ?? controls.seed
        if seed != controls.seed, let reseed { try await reseed(seed) }
        _ = try await todos.write(.resetTo(TodosSeed.demo))
        try await newsletter.reset(NewsletterSeed.subscribers)
        outbox.clear()
        idempotency.removeAll()
        rateLimiter.removeAll()
        // After the datasets: their answers are cached as never changing.
        cache.removeAll()
        controls.reset(seed: seed)
        return ResetSummary(
            seed: seed, todos: TodosSeed.demo.count, repositories: repositoryCount, pins: pinCount,
            subscribers: NewsletterSeed.subscribers.count)
    }
}

/// The answer to `POST /__admin/reset`: the seed and what each domain now holds.
public struct ResetSummary: Sendable, Equatable, JSONWritable {
    public var seed: UInt64
    public var todos: Int
    public var repositories: Int
    public var pins: Int
    public var subscribers: Int

    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("seed") { writer in writer.integer(seed) }
            object.member("todos", todos)
            object.member("repositories", repositories)
            object.member("pins", pins)
            object.member("subscribers", subscribers)
        }
    }
}

extension DemoReset: DependencyKey {
    /// Fresh stores and the demo datasets' sizes; `serve` installs the ones its pipeline uses.
    public static let liveValue = unconfigured()

    /// Fresh stores per test.
    public static var testValue: DemoReset { unconfigured() }

    private static func unconfigured() -> DemoReset {
        DemoReset(
            idempotency: IdempotencyStore(), rateLimiter: .standard(), reseed: nil,
            repositoryCount: RepositorySeed.repositoryCount, pinCount: PinSeed.demoPinCount)
    }
}

extension DependencyValues {
    /// What `POST /__admin/reset` resets besides the repositories.
    public var demoReset: DemoReset {
        get { self[DemoReset.self] }
        set { self[DemoReset.self] = newValue }
    }
}
