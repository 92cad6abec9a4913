/// Where a sandbox's idempotency keys live (api.md §1.2): this process's memory — one process owns
/// the data — or the PostgreSQL database every instance shares.
///
/// Local keys are decided on the loop at once; shared ones cost a round trip, which the stage awaits
/// off the loop before the request goes on.
public enum IdempotencyKeys: Sendable {
    /// In memory, guarded by a `Mutex`: the memory and SQLite profiles.
    case local(IdempotencyStore)
    /// In PostgreSQL: the scale-out profile.
    case shared(any SharedIdempotencyStore)

    /// The keys of sandbox `name`: a store of `capacity` keys of its own, or the shared table's
    /// rows of that sandbox.
    func sandboxed(_ name: SandboxName, capacity: Int) -> IdempotencyKeys {
        switch self {
        case .local: .local(IdempotencyStore(capacity: capacity))
        case .shared(let store): .shared(store.sandboxed(name.rawValue))
        }
    }

    /// Releases a key whose request ended without an answer of its own; a shared one in the background.
    func abandon(scope: String) {
        switch self {
        case .local(let store): store.abandon(scope: scope)
        case .shared(let store): Task { try? await store.abandon(scope: scope) }
        }
    }

    /// Forgets every key (`POST /__admin/reset`).
    func removeAll() async throws {
        switch self {
        case .local(let store): store.removeAll()
        case .shared(let store): try await store.removeAll()
        }
    }
}
