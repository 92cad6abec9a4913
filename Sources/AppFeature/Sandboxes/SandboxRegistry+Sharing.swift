import HTTPKit
import Logging
import Storage
import Synchronization

/// Sandboxes shared with other instances (PostgreSQL): each request checks the record they share
/// before it runs, and idle expiry goes by the last use any instance recorded.
extension SandboxRegistry {
    /// `sandbox` if the shared record is still of its generation (recording the use), with its data
    /// versions as the record's statement read them; otherwise — dropped or made again through
    /// another instance — this copy is forgotten and the sandbox found as a first request finds it:
    /// adopted from the record, or created and seeded anew, without versions.
    func confirmed(_ sandbox: Sandbox, on executor: (any TaskExecutor)? = nil) async throws -> ConfirmedSandbox {
        guard let shared = storage.shared else { return ConfirmedSandbox(sandbox: sandbox, versions: nil) }
        let now = now()
        let recorded = try await shared.confirm(sandbox.name, usedAt: now, unlessUsedSince: now - touchInterval)
        if let recorded, recorded.generation == sandbox.generation {
            return ConfirmedSandbox(sandbox: sandbox, versions: recorded.versions)
        }
        slots.withLock { slots in
            if case .ready(let live) = slots.live[sandbox.name], live === sandbox { slots.live[sandbox.name] = nil }
        }
        switch lookup(sandbox.name, on: executor) {
        case .ready(let current), .confirm(let current): return ConfirmedSandbox(sandbox: current, versions: nil)
        case .opening(let creation): return ConfirmedSandbox(sandbox: try await creation.value, versions: nil)
        case .full(let retryAfter):
            throw RouteError(.sandboxLimit(maximum: limits.maximum, retryAfter: retryAfter))
        }
    }

    /// A sandbox a request may run in, and the data versions read with its confirmation, which the
    /// request's reads of shared versions take instead of asking again (`ConfirmedDataVersions`).
    struct ConfirmedSandbox: Sendable {
        let sandbox: Sandbox
        let versions: ConfirmedDataVersions?
    }

    /// How stale the shared last use may be: a tenth of the idle limit, between 1 s and a minute.
    var touchInterval: Int64 { max(1, min(60, limits.idleSeconds / 10)) }

    /// The shared sweep: this instance forgets its copies idle here (their data stays, others may
    /// use it), then drops the sandboxes no instance has used within the limit — each only if still
    /// unused when the drop runs — and returns those.
    func sweepShared(_ shared: any SharedSandboxes, now: Int64) async -> [SandboxName] {
        slots.withLock { slots in forgetIdle(in: &slots, now: now) }
        let cutoff = now - limits.idleSeconds
        var dropped: [SandboxName] = []
        do {
            for record in try await shared.idle(before: cutoff) {
                guard try await shared.drop(record, ifUnusedSince: cutoff) else { continue }
                slots.withLock { slots in
                    if slots.live[record.name]?.generation == record.generation { slots.live[record.name] = nil }
                }
                dropped.append(record.name)
            }
        } catch {
            logger.error("cannot drop idle sandboxes", metadata: ["reason": "\(error)"])
        }
        if !dropped.isEmpty { logger.info("dropped sandboxes", metadata: ["names": "\(dropped)"]) }
        return dropped
    }

    /// Takes the copies idle here beyond the limit out of the registry, without dropping their data.
    func forgetIdle(in slots: inout Slots, now: Int64) {
        for (name, slot) in slots.live {
            guard let lastUsed = slot.lastUsed, now - lastUsed > limits.idleSeconds else { continue }
            slots.live[name] = nil
        }
    }
}
