/// Where a sandbox's `fail=N` counts live: this process's memory, or the PostgreSQL database every
/// instance shares. Local counts are decided on the loop at once; shared ones cost a round trip.
public enum FailScenarioCounts: Sendable {
    /// In memory: the memory and SQLite profiles.
    case local(FailScenarios)
    /// In PostgreSQL: the scale-out profile.
    case shared(any SharedFailScenarios)

    /// The counts of sandbox `name`: its own in memory, or the shared table's rows of it.
    func sandboxed(_ name: String) -> FailScenarioCounts {
        switch self {
        case .local: .local(FailScenarios())
        case .shared(let counts): .shared(counts.sandboxed(name))
        }
    }

    /// Forgets every scenario.
    func removeAll() async throws {
        switch self {
        case .local(let counts): counts.removeAll()
        case .shared(let counts): try await counts.removeAll()
        }
    }
}
