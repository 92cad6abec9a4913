import Logging
import Synchronization

/// Dropping sandboxes — on request, when idle, or to make room — and what a drop leaves behind while
/// it runs: a latch that a new sandbox of the same name waits for.
extension SandboxRegistry {
    /// Drops `name` with its data; false when no such sandbox lives. When the storage fails, the
    /// sandbox stays as it was and the error is thrown.
    /// Shared with other instances, a sandbox this one never saw is dropped too: any instance's
    /// `DELETE` drops the sandbox the cluster records.
    public func drop(_ name: SandboxName) async throws -> Bool {
        let closing = slots.withLock { slots -> Closing? in
            guard let slot = slots.live.removeValue(forKey: name) else { return nil }
            return close(name, slot, in: &slots)
        }
        guard let closing else {
            guard storage.shared != nil else { return false }
            return try await storage.drop(name, nil)
        }
        if try await finish(closing) { return true }
        // This copy was stale: another instance dropped the sandbox, or made the name again — the
        // sandbox the cluster records now is the one to drop.
        return storage.shared == nil ? false : try await storage.drop(name, nil)
    }

    /// Drops every sandbox idle for longer than the limit; returns those dropped. One the storage
    /// fails to drop stays live, to be tried again.
    @discardableResult
    public func sweep() async -> [SandboxName] {
        let now = now()
        if let shared = storage.shared { return await sweepShared(shared, now: now) }
        let expired = slots.withLock { slots in closeExpired(in: &slots, now: now) }
        return await finish(expired)
    }

    /// Takes the sandboxes idle beyond the limit out of the registry, to be dropped.
    func closeExpired(in slots: inout Slots, now: Int64) -> [Closing] {
        let expired = slots.live.compactMap { name, slot -> SandboxName? in
            guard let lastUsed = slot.lastUsed, now - lastUsed > limits.idleSeconds else { return nil }
            return name
        }
        return expired.sorted().compactMap { name in
            slots.live.removeValue(forKey: name).map { close(name, $0, in: &slots) }
        }
    }

    /// Marks `name`, just taken out of the registry, as being dropped.
    func close(_ name: SandboxName, _ slot: Slot, in slots: inout Slots) -> Closing {
        let closing = Closing(name: name, slot: slot, latch: Latch(), previous: slots.closing[name])
        slots.closing[name] = closing.latch
        return closing
    }

    /// Drops the data of `closed` sandboxes, logging failures; returns the names dropped.
    @discardableResult
    func finish(_ closed: [Closing]) async -> [SandboxName] {
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
    /// its latch; false when the storage no longer held it. When the storage fails (a cancelled
    /// request included), the sandbox is put back as it was, unless another drop of the name came
    /// meanwhile: that one deletes whatever is left.
    @discardableResult
    private func finish(_ closing: Closing) async throws -> Bool {
        await closing.previous?.wait()
        var survivor: Slot?
        switch closing.slot {
        case .dormant, .ready: survivor = closing.slot
        case .opening(let creation, _): survivor = (try? await creation.value).map(Slot.ready)
        }
        defer {
            closing.latch.open()
            slots.withLock { slots in
                if slots.closing[closing.name] === closing.latch { slots.closing[closing.name] = nil }
            }
        }
        do {
            // Of the sandbox's generation (an adopted one's is the record's, not the slot's): another
            // instance may have made the name again meanwhile.
            let dropped = try await storage.drop(closing.name, survivor?.generation ?? closing.slot.generation)
            if case .ready(let sandbox) = survivor, let values = sandbox.dependencies {
                for store in domains.compactMap(\.store) { store.closed(values) }
            }
            return dropped
        } catch {
            if let survivor {
                slots.withLock { slots in
                    guard slots.closing[closing.name] === closing.latch, slots.live[closing.name] == nil else { return }
                    slots.live[closing.name] = survivor
                }
            }
            throw error
        }
    }

    /// Seconds until the least recently used sandbox expires, at least 1.
    func retryAfter(_ slots: Slots, now: Int64) -> Int64 {
        let oldest = slots.live.values.compactMap(\.lastUsed).min()
        guard let oldest else { return 1 }
        return max(1, oldest + limits.idleSeconds + 1 - now)
    }
}
