public import Dependencies
public import HTTPKit
import PinGeometry
import RepoSearchFeature
import Storage

/// What `POST /__admin/reset` puts back (api.md §6.2): every domain's stores as the domain's
/// `reset` says, the pipeline's idempotency keys and rate windows, the read-only datasets when
/// another seed is asked for, and the sizes it reports.
///
/// One per sandbox (api.md §6.4): a sandbox's reset puts back its own state only, and cannot move
/// the datasets every sandbox shares to another seed — only the default sandbox's can.
///
/// Resets take turns, so two that overlap cannot each finish part of the other. Each mutable domain
/// is reset in one write of its own store (one SQLite transaction, or under the in-memory store's
/// lock), and the datasets are replaced between two calls (`SeededDatasets`), so a request in flight
/// reads each of them either before or after.
public struct DemoReset: Sendable {
    /// The keys the idempotency stage keeps.
    public let idempotency: IdempotencyKeys
    /// The rate limiter's windows.
    public let rateLimiter: RateLimiter
    /// The repositories and pins and the seed they hold; `nil` where the datasets are fixed (live
    /// tests that install their own repositories), and the controls' seed is the only one.
    public let datasets: SeededDatasets?
    /// The domains it resets, in the order the summary reports them.
    public let domains: [Domain]
    /// How many items each read-only dataset serves, by its domain's `summaryKey`.
    public let datasetCounts: [String: Int]
    /// Whether this is a named sandbox's reset, which leaves the shared datasets where they are.
    public let sharesDatasets: Bool
    /// Internal, not private: tests order their resets by who waits at it.
    let turns = ReadWriteGate()

    /// Creates the reset of `domains` over the pipeline's stores and the datasets.
    public init(
        idempotency: IdempotencyKeys, rateLimiter: RateLimiter, datasets: SeededDatasets?,
        datasetCounts: [String: Int] = DemoReset.demoDatasetCounts, domains: [Domain] = App.domains,
        sharesDatasets: Bool = false
    ) {
        self.idempotency = idempotency
        self.rateLimiter = rateLimiter
        self.datasets = datasets
        self.datasetCounts = datasetCounts
        self.domains = domains
        self.sharesDatasets = sharesDatasets
    }

    /// The demo datasets' sizes: 5,000 repositories and 2,800 pins (api.md §7).
    public static let demoDatasetCounts = [
        Domain.repoSearch.summaryKey: RepositorySeed.repositoryCount, Domain.mapPins().summaryKey: PinSeed.demoPinCount,
    ]

    /// A new sandbox's reset: its own keys (at most `idempotencyKeys`) and windows (`rateLimiter`),
    /// these shared datasets.
    func sandboxed(_ name: SandboxName, rateLimiter: RateLimiter, idempotencyKeys: Int) -> DemoReset {
        DemoReset(
            idempotency: idempotency.sandboxed(name, capacity: idempotencyKeys), rateLimiter: rateLimiter,
            datasets: datasets, datasetCounts: datasetCounts, domains: domains, sharesDatasets: true)
    }

    /// The seed the shared datasets hold now: the controls' where the datasets are fixed.
    func datasetSeed(controls: DemoControls) -> UInt64 {
        datasets?.seed ?? controls.seed
    }

    /// The 422 for a reset to another seed where the datasets cannot be regenerated; `nil` when
    /// the reset can go ahead.
    func unsupported(seed: UInt64?, controls: DemoControls) -> Problem? {
        if sharesDatasets, let seed, seed != datasetSeed(controls: controls) {
            return .validationFailed([
                FieldError(
                    field: "seed", code: "invalid",
                    detail:
                        "Repositories and pins are shared by every sandbox, at seed \(datasetSeed(controls: controls)); "
                        + "reset without a seed, or reset the default sandbox (POST /__admin/reset) to change them.")
            ])
        }
        guard let seed, datasets == nil, seed != controls.seed else { return nil }
        return .validationFailed([
            FieldError(
                field: "seed", code: "invalid",
                detail: "This server's repositories and pins are fixed at seed \(controls.seed); reset without a seed.")
        ])
    }

    /// Every domain back to its seed — the read-only datasets regenerated when `seed` is another
    /// one — and the seeded draws (delays, fault rate) started again.
    func reset(seed requested: UInt64?) async throws -> ResetSummary {
        @Dependency(\.responseCache) var cache
        @Dependency(\.demoControls) var controls
        return try await turns.write {
            let current = datasetSeed(controls: controls)
            let seed = requested ?? current
            if seed != current, !sharesDatasets, let datasets { try await datasets.reseed(seed) }
            // The sandbox's own values: each domain resets the stores a request here would use.
            let stores = DependencyValues._current
            var counts: [ResetSummary.Count] = []
            for domain in domains {
                let count = try await domain.store?.reset(stores) ?? datasetCounts[domain.summaryKey] ?? 0
                counts.append(ResetSummary.Count(key: domain.summaryKey, count: count))
            }
            try await idempotency.removeAll()
            try await rateLimiter.removeAll()
            // Frees the memory; no entry could be served again anyway (every store's version moved).
            // A sandbox's entries are a share of the shared cache: they age out with the rest.
            if !sharesDatasets { cache.removeAll() }
            try await controls.reset(seed: seed)
            return ResetSummary(seed: seed, counts: counts)
        }
    }
}

/// The answer to `POST /__admin/reset`: the seed and what each domain now holds, in `App.domains`'
/// order (`{"seed":1,"todos":4,"repositories":5000,"pins":2800,"subscribers":3}`).
public struct ResetSummary: Sendable, Equatable, JSONWritable {
    /// One domain's size, under its `summaryKey`.
    public struct Count: Sendable, Equatable {
        public var key: String
        public var count: Int
    }

    public var seed: UInt64
    public var counts: [Count]

    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("seed") { writer in writer.integer(seed) }
            for count in counts { object.member(named: count.key) { $0.integer(count.count) } }
        }
    }
}

extension DemoReset: DependencyKey {
    /// Fresh stores and the demo datasets' sizes; `serve` installs the ones its pipeline uses.
    public static let liveValue = unconfigured()

    /// Fresh stores per test.
    public static var testValue: DemoReset { unconfigured() }

    private static func unconfigured() -> DemoReset {
        DemoReset(idempotency: .local(IdempotencyStore()), rateLimiter: .standard(), datasets: nil)
    }
}

extension DependencyValues {
    /// What `POST /__admin/reset` resets besides the repositories.
    public var demoReset: DemoReset {
        get { self[DemoReset.self] }
        set { self[DemoReset.self] = newValue }
    }
}
