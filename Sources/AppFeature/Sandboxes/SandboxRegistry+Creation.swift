import HTTPKit
import Logging
import Storage
import Synchronization

/// Creating a sandbox: its record, its seeded stores, its dependency values.
extension SandboxRegistry {
    /// Starts creating `name`: after any drop of an earlier sandbox of that name, `seed` it, then
    /// mark it ready (unless it was dropped meanwhile).
    func startOpening(
        _ name: SandboxName, in slots: inout Slots, now: Int64, on executor: (any TaskExecutor)?
    ) -> Task<Sandbox, any Error> {
        let previous = slots.closing[name]
        // A new generation each time: writes of a dropped sandbox's late requests never land in it.
        let record = SandboxRecord(
            name: name, generation: Int64.random(in: 1...Int64.max), createdAt: Timestamp(secondsSince1970: now),
            seed: base.demoReset.datasetSeed(controls: base.demoControls))
        let task = Task(executorPreference: executor) { [self] in
            await previous?.wait()
            do {
                let sandbox = try await seed(record)
                self.slots.withLock { slots in
                    if case .opening(_, record.generation) = slots.live[name] { slots.live[name] = .ready(sandbox) }
                }
                return sandbox
            } catch {
                self.slots.withLock { slots in
                    if case .opening(_, record.generation) = slots.live[name] { slots.live[name] = nil }
                }
                logger.error("cannot create sandbox", metadata: ["name": "\(name)", "reason": "\(error)"])
                throw error
            }
        }
        slots.live[name] = .opening(task, generation: record.generation)
        return task
    }

    /// A new sandbox for `record`: recorded (its stores write only once it is), its stores put back
    /// to the seed, whatever an earlier sandbox of that name left, then marked seeded. On failure
    /// nothing of it stays (or, after a crash, the next start drops it). A sandbox another instance
    /// made meanwhile (PostgreSQL) is used as it is.
    private func seed(_ record: SandboxRecord) async throws -> Sandbox {
        if case .existing(let made) = try await storage.record(record) {
            return makeSandbox(made, lastUsed: record.createdAt.secondsSince1970)
        }
        let sandbox = makeSandbox(record, lastUsed: record.createdAt.secondsSince1970)
        let stores = sandbox.dependencies ?? base
        do {
            for store in domains.compactMap(\.store) { _ = try await store.reset(stores) }
            try await storage.markSeeded(record)
        } catch {
            _ = try? await storage.drop(record.name, record.generation)
            throw error
        }
        return sandbox
    }

    /// The sandbox `record` describes, over its stores as the storage holds them, last used at
    /// `lastUsed`.
    func makeSandbox(_ record: SandboxRecord, lastUsed: Int64) -> Sandbox {
        let rateLimiter = base.demoReset.rateLimiter.sandboxed(record.name.rawValue)
        let reset = base.demoReset.sandboxed(
            record.name, rateLimiter: rateLimiter, idempotencyKeys: SandboxLimits.idempotencyKeys)
        let controls = base.demoControls.sandboxed(
            record.name.rawValue, seed: record.seed, journalCapacity: SandboxLimits.journalEntries)
        let stores = storage.stores(
            StorePlace(
                partition: SandboxPartition(key: record.name.rawValue, generation: record.generation),
                metrics: base.appMetrics,
                sandbox: SandboxSetting(name: record.name, rateLimiter: rateLimiter, base: base)))
        let values = dependencies.values(over: base, domains: domains) { values in
            stores(&values)
            values.demoControls = controls
            values.demoReset = reset
        }
        return Sandbox(
            name: record.name, generation: record.generation, createdAt: record.createdAt, seed: record.seed,
            idempotency: reset.idempotency,
            rateLimiter: rateLimiter, controls: dev ? controls : nil, dependencies: values, publicURL: publicURL,
            now: lastUsed)
    }
}
