public import Dependencies
import HTTPKit
import Logging
import Synchronization

/// The live sandboxes (api.md §6.4): finds the one a request names, creating and seeding it on
/// first use within `--max-sandboxes`, and drops them on `DELETE /sandboxes/{name}` or once idle
/// for `--sandbox-idle`.
///
/// A new sandbox's state is the default sandbox's made fresh: its own repositories (from the
/// storage), outbox, idempotency keys, rate windows, demo controls (flags included) and reset,
/// over the same shared datasets, metrics and response cache. Lookups are synchronous, on the loop; only
/// creating and dropping a sandbox wait for the storage, and a name's creation waits for its drop.
public final class SandboxRegistry: Sendable {
    /// The limits it keeps.
    public let limits: SandboxLimits
    /// The sandbox of requests that name none.
    public let defaultSandbox: Sandbox
    let storage: SandboxStorage
    /// The domains each sandbox gets a copy of (those with a `store`).
    let domains: [Domain]
    let base: DependencyValues
    let dependencies: SandboxDependencies
    let dev: Bool
    /// `--public-url`, under which every sandbox's URLs are made.
    let publicURL: String?
    let now: @Sendable () -> Int64
    let slots = Mutex(Slots())
    let logger = Logger(label: "counterpart.sandboxes")

    struct Slots {
        var live: [SandboxName: Slot] = [:]
        var closing: [SandboxName: Latch] = [:]
    }

    enum Slot {
        /// Restored from the storage and not used since: its stores are made on first use, so a
        /// start with many sandboxes costs no more than one with none.
        case dormant(SandboxRecord, lastUsed: Int64)
        case ready(Sandbox)
        case opening(Task<Sandbox, any Error>, generation: Int64)

        /// When a request last ran in the sandbox; `nil` while it is being created.
        var lastUsed: Int64? {
            switch self {
            case .dormant(_, let lastUsed): lastUsed
            case .ready(let sandbox): sandbox.lastUsed
            case .opening: nil
            }
        }

        /// Which sandbox of the name the slot holds.
        var generation: Int64 {
            switch self {
            case .dormant(let record, _): record.generation
            case .ready(let sandbox): sandbox.generation
            case .opening(_, let generation): generation
            }
        }
    }

    /// A sandbox taken out of the registry whose data is still to be dropped; `latch` opens when
    /// it is gone, after `previous` (an earlier drop of the same name).
    struct Closing {
        let name: SandboxName
        let slot: Slot
        let latch: Latch
        let previous: Latch?
    }

    /// Where a request's sandbox stands.
    enum Lookup {
        /// Ready: run the request now.
        case ready(Sandbox)
        /// Ready here, and shared with other instances: run the request once `confirmed` says it
        /// is still the one they record.
        case confirm(Sandbox)
        /// Being seeded: run the request once the task returns it.
        case opening(Task<Sandbox, any Error>)
        /// One sandbox too many: answer 503 `sandbox-limit`, retrying after this many seconds.
        case full(retryAfter: Int64)
    }

    /// A registry over `storage` whose sandboxes start from `base` (the default sandbox's values,
    /// made as `dependencies` says) and `defaultSandbox`'s stores; `now` gives Unix seconds (tests
    /// move it). Sandboxes the storage restored are live at once, as if used now.
    init(
        storage: SandboxStorage,
        domains: [Domain] = App.domains,
        base: DependencyValues,
        dependencies: SandboxDependencies,
        defaultSandbox: Sandbox,
        limits: SandboxLimits,
        dev: Bool,
        publicURL: String?,
        now: @escaping @Sendable () -> Int64 = RateLimiter.wallClock
    ) {
        self.storage = storage
        self.domains = domains
        self.base = base
        self.dependencies = dependencies
        self.defaultSandbox = defaultSandbox
        self.limits = limits
        self.dev = dev
        self.publicURL = publicURL
        self.now = now
        let started = now()
        let restored = storage.restored.map { record in (record.name, Slot.dormant(record, lastUsed: started)) }
        slots.withLock { $0.live = Dictionary(restored) { _, last in last } }
    }

    /// The registry of a server whose default sandbox runs with `base` — the prepared values, or
    /// values passed in (`prepared: false`): its idempotency keys and rate windows are those
    /// `base.demoReset` clears, its controls (`--dev`) `base.demoControls`; other sandboxes are
    /// kept in `base.sandboxStorage`, within `settings.sandboxLimits`, each with a copy of every
    /// domain of `domains` that has a store.
    public static func over(
        _ base: DependencyValues, prepared: Bool, settings: AppSettings, domains: [Domain] = App.domains
    ) -> SandboxRegistry {
        let now = RateLimiter.wallClock()
        let defaultSandbox = Sandbox(
            name: .default, generation: 0, createdAt: Timestamp(secondsSince1970: now), seed: base.demoControls.seed,
            idempotency: base.demoReset.idempotency, rateLimiter: base.demoReset.rateLimiter,
            controls: settings.dev ? base.demoControls : nil,
            dependencies: prepared ? SandboxDependencies.pinningHot(base, domains: domains) : nil,
            publicURL: settings.publicURL, now: now
        )
        return SandboxRegistry(
            storage: base.sandboxStorage, domains: domains, base: base,
            dependencies: prepared ? .prepared : .overriding,
            defaultSandbox: defaultSandbox, limits: settings.sandboxLimits,
            dev: settings.dev, publicURL: settings.publicURL)
    }

    /// The sandbox `name`, touched as used now; a new one is created — by a task preferring
    /// `executor`, the requesting loop's — unless that would exceed the limit even after dropping the
    /// expired ones. One shared with other instances is to be confirmed first.
    func lookup(_ name: SandboxName, on executor: (any TaskExecutor)? = nil) -> Lookup {
        if name.isDefault { return .ready(defaultSandbox) }
        let now = now()
        let shared = storage.shared != nil
        let (lookup, expired) = slots.withLock { slots -> (Lookup, [Closing]) in
            switch slots.live[name] {
            case .dormant(let record, _):
                let sandbox = awaken(record, lastUsed: now, in: &slots)
                return (shared ? .confirm(sandbox) : .ready(sandbox), [])
            case .ready(let sandbox):
                sandbox.touch(now)
                return (shared ? .confirm(sandbox) : .ready(sandbox), [])
            case .opening(let task, _):
                return (.opening(task), [])
            case nil:
                var expired: [Closing] = []
                if slots.live.count >= limits.maximum {
                    // Shared, a sandbox idle here may be busy elsewhere: only this copy goes.
                    if storage.shared == nil {
                        expired = closeExpired(in: &slots, now: now)
                    } else {
                        forgetIdle(in: &slots, now: now)
                    }
                }
                if slots.live.count >= limits.maximum {
                    return (.full(retryAfter: retryAfter(slots, now: now)), expired)
                }
                return (.opening(startOpening(name, in: &slots, now: now, on: executor)), expired)
            }
        }
        if !expired.isEmpty { Task(executorPreference: executor) { [self] in await finish(expired) } }
        return lookup
    }

    /// The sandbox `name` if it is live and ready, without creating or touching it.
    func live(_ name: SandboxName) -> Sandbox? {
        if name.isDefault { return defaultSandbox }
        return slots.withLock { slots in ready(name, in: &slots) }
    }

    /// The live sandboxes, by name (the default one is not listed).
    public func list() -> [Sandbox] {
        slots.withLock { slots in slots.live.keys.compactMap { ready($0, in: &slots) } }
            .sorted { $0.name < $1.name }
    }

    /// The sandbox in `name`'s slot if it is ready, its stores made first if it was dormant.
    private func ready(_ name: SandboxName, in slots: inout Slots) -> Sandbox? {
        switch slots.live[name] {
        case .dormant(let record, let lastUsed): awaken(record, lastUsed: lastUsed, in: &slots)
        case .ready(let sandbox): sandbox
        case .opening, nil: nil
        }
    }

    /// Makes a dormant sandbox's stores and puts it in its slot, ready.
    private func awaken(_ record: SandboxRecord, lastUsed: Int64, in slots: inout Slots) -> Sandbox {
        let sandbox = makeSandbox(record, lastUsed: lastUsed)
        slots.live[record.name] = .ready(sandbox)
        return sandbox
    }
}
