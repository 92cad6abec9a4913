public import Dependencies
import HTTPKit
import Logging
import NewsletterFeature
import Synchronization
import TodosFeature

/// The live sandboxes (api.md §6.4): finds the one a request names, creating and seeding it on
/// first use within `--max-sandboxes`, and drops them on `DELETE /sandboxes/{name}` or once idle
/// for `--sandbox-idle`.
///
/// A new sandbox's state is the default sandbox's made fresh: its own repositories (from the
/// storage), outbox, idempotency keys, rate windows, demo controls and reset, over the same
/// shared datasets, metrics, response cache and flags. Lookups are synchronous, on the loop; only
/// creating and dropping a sandbox wait for the storage, and a name's creation waits for its drop.
public final class SandboxRegistry: Sendable {
    /// The limits it keeps.
    public let limits: SandboxLimits
    /// The sandbox of requests that name none.
    public let defaultSandbox: Sandbox
    private let storage: SandboxStorage
    private let base: DependencyValues
    private let dependencies: SandboxDependencies
    private let dev: Bool
    private let now: @Sendable () -> Int64
    private let slots = Mutex(Slots())
    private let logger = Logger(label: "counterpart.sandboxes")

    private struct Slots {
        var live: [SandboxName: Slot] = [:]
        var closing: [SandboxName: Latch] = [:]
        var nextOpening = 0
    }

    private enum Slot {
        case ready(Sandbox)
        case opening(Task<Sandbox, any Error>, id: Int)
    }

    /// A sandbox taken out of the registry whose data is still to be dropped; `latch` opens when
    /// it is gone, after `previous` (an earlier drop of the same name).
    private struct Closing {
        let name: SandboxName
        let slot: Slot
        let latch: Latch
        let previous: Latch?
    }

    /// Where a request's sandbox stands.
    enum Lookup {
        /// Ready: run the request now.
        case ready(Sandbox)
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
        base: DependencyValues,
        dependencies: SandboxDependencies,
        defaultSandbox: Sandbox,
        limits: SandboxLimits,
        dev: Bool,
        now: @escaping @Sendable () -> Int64 = RateLimiter.wallClock
    ) {
        self.storage = storage
        self.base = base
        self.dependencies = dependencies
        self.defaultSandbox = defaultSandbox
        self.limits = limits
        self.dev = dev
        self.now = now
        let restored = storage.restored.map { record in (record.name, Slot.ready(makeSandbox(record))) }
        slots.withLock { $0.live = Dictionary(restored) { _, last in last } }
    }

    /// The registry of a server whose default sandbox runs with `base` — the prepared values, or
    /// values passed in (`prepared: false`): its idempotency keys and rate windows are those
    /// `base.demoReset` clears, its controls (`--dev`) `base.demoControls`; other sandboxes are
    /// kept in `base.sandboxStorage`, within `settings.sandboxLimits`.
    public static func over(_ base: DependencyValues, prepared: Bool, settings: AppSettings) -> SandboxRegistry {
        let now = RateLimiter.wallClock()
        let defaultSandbox = Sandbox(
            name: .default, createdAt: Timestamp(secondsSince1970: now), seed: base.demoControls.seed,
            idempotency: base.demoReset.idempotency, rateLimiter: base.demoReset.rateLimiter,
            controls: settings.dev ? base.demoControls : nil, dependencies: nil, now: now)
        return SandboxRegistry(
            storage: base.sandboxStorage, base: base, dependencies: prepared ? .prepared : .overriding,
            defaultSandbox: defaultSandbox, limits: settings.sandboxLimits,
            dev: settings.dev)
    }

    /// The sandbox `name`, touched as used now; a new one is created — by a task preferring
    /// `executor`, the requesting loop's — unless that would exceed the limit even after dropping the
    /// expired ones.
    func lookup(_ name: SandboxName, on executor: (any TaskExecutor)? = nil) -> Lookup {
        if name.isDefault { return .ready(defaultSandbox) }
        let now = now()
        let (lookup, expired) = slots.withLock { slots -> (Lookup, [Closing]) in
            switch slots.live[name] {
            case .ready(let sandbox):
                sandbox.touch(now)
                return (.ready(sandbox), [])
            case .opening(let task, _):
                return (.opening(task), [])
            case nil:
                var expired: [Closing] = []
                if slots.live.count >= limits.maximum { expired = closeExpired(in: &slots, now: now) }
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
        return slots.withLock { slots in
            if case .ready(let sandbox) = slots.live[name] { sandbox } else { nil }
        }
    }

    /// The live sandboxes, by name (the default one is not listed).
    public func list() -> [Sandbox] {
        slots.withLock { slots in
            slots.live.values.compactMap { slot in
                if case .ready(let sandbox) = slot { sandbox } else { nil }
            }
        }
        .sorted { $0.name < $1.name }
    }

    /// Drops `name` with its data; false when no such sandbox lives. When the storage fails, the
    /// sandbox stays as it was and the error is thrown.
    public func drop(_ name: SandboxName) async throws -> Bool {
        let closing = slots.withLock { slots -> Closing? in
            guard let slot = slots.live.removeValue(forKey: name) else { return nil }
            return close(name, slot, in: &slots)
        }
        guard let closing else { return false }
        try await finish(closing)
        return true
    }

    /// Drops every sandbox idle for longer than the limit; returns those dropped. One the storage
    /// fails to drop stays live, to be tried again.
    @discardableResult
    public func sweep() async -> [SandboxName] {
        let now = now()
        let expired = slots.withLock { slots in closeExpired(in: &slots, now: now) }
        return await finish(expired)
    }

    /// Starts creating `name`: after any drop of an earlier sandbox of that name, seed its stores
    /// and record it, then mark it ready.
    private func startOpening(
        _ name: SandboxName, in slots: inout Slots, now: Int64, on executor: (any TaskExecutor)?
    ) -> Task<Sandbox, any Error> {
        let previous = slots.closing[name]
        let id = slots.nextOpening
        slots.nextOpening += 1
        // A new generation each time: writes of a dropped sandbox's late requests never land in it.
        let record = SandboxRecord(
            name: name, generation: Int64.random(in: 1...Int64.max), createdAt: Timestamp(secondsSince1970: now),
            seed: base.demoReset.datasetSeed(controls: base.demoControls))
        let task = Task(executorPreference: executor) { [self] in
            await previous?.wait()
            do {
                let sandbox = try await seed(record)
                self.slots.withLock { slots in
                    if case .opening(_, id) = slots.live[name] { slots.live[name] = .ready(sandbox) }
                }
                return sandbox
            } catch {
                self.slots.withLock { slots in
                    if case .opening(_, id) = slots.live[name] { slots.live[name] = nil }
                }
                logger.error("cannot create sandbox", metadata: ["name": "\(name)", "reason": "\(error)"])
                throw error
            }
        }
        slots.live[name] = .opening(task, id: id)
        return task
    }

    /// A new sandbox for `record`: recorded (its stores write only once it is), then its stores put
    /// back to the seed, whatever an earlier sandbox of that name left. On failure nothing of it stays.
    private func seed(_ record: SandboxRecord) async throws -> Sandbox {
        let sandbox = makeSandbox(record)
        let stores = sandbox.dependencies ?? base
        do {
            try await storage.record(record)
            _ = try await stores.todoRepository.write(.resetTo(TodosSeed.demo))
            try await stores.newsletterRepository.reset(NewsletterSeed.subscribers)
        } catch {
            try? await storage.drop(record.name)
            throw error
        }
        return sandbox
    }

    /// The sandbox `record` describes, over its stores as the storage holds them.
    private func makeSandbox(_ record: SandboxRecord) -> Sandbox {
        let repositories = storage.repositories(record)
        let rateLimiter = base.demoReset.rateLimiter.withoutWindows()
        let reset = base.demoReset.sandboxed(rateLimiter: rateLimiter, idempotencyKeys: SandboxLimits.idempotencyKeys)
        let controls = base.demoControls.sandboxed(seed: record.seed, journalCapacity: SandboxLimits.journalEntries)
        let todos = repositories.todos.timed(by: base.appMetrics).withVersionsOfItsOwn()
        let newsletter = repositories.newsletter.timed(by: base.appMetrics)
        let outbox = Outbox(keepsMail: base.outbox.keepsMail, mailLimit: SandboxLimits.outboxMails)
        var policy = base.newsletterPolicy
        policy.addressLimiter = rateLimiter
        let values = dependencies.values(over: base) { values in
            values.todoRepository = todos
            values.newsletterRepository = newsletter
            values.outbox = outbox
            values.newsletterPolicy = policy
            values.demoControls = controls
            values.demoReset = reset
        }
        return Sandbox(
            name: record.name, createdAt: record.createdAt, seed: record.seed, idempotency: reset.idempotency,
            rateLimiter: rateLimiter, controls: dev ? controls : nil, dependencies: values, now: now())
    }

    /// Takes the sandboxes idle beyond the limit out of the registry, to be dropped.
    private func closeExpired(in slots: inout Slots, now: Int64) -> [Closing] {
        let expired = slots.live.compactMap { name, slot -> SandboxName? in
            guard case .ready(let sandbox) = slot, now - sandbox.lastUsed > limits.idleSeconds else { return nil }
            return name
        }
        return expired.sorted().compactMap { name in
            slots.live.removeValue(forKey: name).map { close(name, $0, in: &slots) }
        }
    }

    /// Marks `name`, just taken out of the registry, as being dropped.
    private func close(_ name: SandboxName, _ slot: Slot, in slots: inout Slots) -> Closing {
        let closing = Closing(name: name, slot: slot, latch: Latch(), previous: slots.closing[name])
        slots.closing[name] = closing.latch
        return closing
    }

    /// Drops the data of `closed` sandboxes, logging failures; returns the names dropped.
    @discardableResult
    private func finish(_ closed: [Closing]) async -> [SandboxName] {
        var dropped: [SandboxName] = []
        for closing in closed {
            do {
                try await finish(closing)
                dropped.append(closing.name)
            } catch {
                logger.error("cannot drop sandbox", metadata: ["name": "\(closing.name)", "reason": "\(error)"])
            }
        }
        if !dropped.isEmpty { logger.info("dropped sandboxes", metadata: ["names": "\(dropped)"]) }
        return dropped
    }

    /// Drops a closed sandbox's data — after its creation, if that was still running — and opens
    /// its latch. When the storage fails, a sandbox that was ready is put back as it was.
    private func finish(_ closing: Closing) async throws {
        await closing.previous?.wait()
        if case .opening(let creation, _) = closing.slot { _ = await creation.result }
        defer {
            closing.latch.open()
            slots.withLock { slots in
                if slots.closing[closing.name] === closing.latch { slots.closing[closing.name] = nil }
            }
        }
        do {
            try await storage.drop(closing.name)
        } catch {
            if case .ready = closing.slot {
                slots.withLock { slots in
                    if slots.live[closing.name] == nil { slots.live[closing.name] = closing.slot }
                }
            }
            throw error
        }
    }

    /// Seconds until the least recently used sandbox expires, at least 1.
    private func retryAfter(_ slots: Slots, now: Int64) -> Int64 {
        let oldest = slots.live.values.compactMap { slot -> Int64? in
            if case .ready(let sandbox) = slot { sandbox.lastUsed } else { nil }
        }.min()
        guard let oldest else { return 1 }
        return max(1, oldest + limits.idleSeconds + 1 - now)
    }
}
