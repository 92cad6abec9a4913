import Synchronization

/// The demo controls' shared state (api.md §6.1–§6.2): the run-time flags, the seed and request
/// numbering behind every seeded draw, the `fail=N` scenarios and the request journal.
///
/// One per sandbox (api.md §6.4), created only with `--dev`; every loop's pipeline and the
/// `/__admin` routes use it. Everything in it is the sandbox's own: the flags start from `--latency`
/// and `--fault-rate` in every sandbox, as on a fresh server, and change at run time for that
/// sandbox alone (`PATCH /__admin/controls`, the console's toggles) — a UI test slowing its own
/// answers to see a spinner leaves the tests running beside it alone — as do the seed, the
/// numbering of draws, the scenarios and the journal.
public final class DemoControls: Sendable {
    /// The run-time flags: what every domain request gets unless its `Prefer` says otherwise.
    public struct Flags: Sendable, Equatable {
        /// `--latency 200..800ms`: a delay drawn for every domain request, in milliseconds.
        public var latency: ClosedRange<Int>?
        /// `--fault-rate 0.05`: the share of domain requests answered 503 `injected`, in [0, 1].
        public var faultRate: Double

        /// Creates flags.
        public init(latency: ClosedRange<Int>? = nil, faultRate: Double = 0) {
            self.latency = latency
            self.faultRate = faultRate
        }
    }

    private struct State {
        var seed: UInt64
        var sequence: UInt64 = 0
    }

    /// `fail=N`'s counts.
    public let scenarios: FailScenarioCounts
    /// The requests the domains saw.
    public let journal: JournalStore
    /// Waits out an injected delay; a test may shorten or count it.
    let sleep: @Sendable (Duration) async throws -> Void
    private let state: Mutex<State>
    /// The flags now, and those every sandbox starts from (`--latency`, `--fault-rate`).
    private let currentFlags: Mutex<Flags>
    private let startingFlags: Flags

    /// Controls starting from `flags` and `seed`.
    public init(
        flags: Flags = Flags(),
        seed: UInt64 = 1,
        scenarios: FailScenarioCounts = .local(FailScenarios()),
        journal: JournalStore = .local(RequestJournal()),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.scenarios = scenarios
        self.journal = journal
        self.sleep = sleep
        state = Mutex(State(seed: seed))
        currentFlags = Mutex(flags)
        startingFlags = flags
    }

    private init(sharing other: DemoControls, sandbox: String, seed: UInt64, journalCapacity: Int) {
        scenarios = other.scenarios.sandboxed(sandbox)
        journal = other.journal.sandboxed(sandbox, capacity: journalCapacity)
        sleep = other.sleep
        state = Mutex(State(seed: seed))
        currentFlags = Mutex(other.startingFlags)
        startingFlags = other.startingFlags
    }

    /// Controls for sandbox `name`: flags of its own starting from the server's, and its own seed,
    /// numbering, scenarios and a journal of `journalCapacity` entries.
    public func sandboxed(_ name: String, seed: UInt64, journalCapacity: Int) -> DemoControls {
        DemoControls(sharing: self, sandbox: name, seed: seed, journalCapacity: journalCapacity)
    }

    /// The flags now.
    public var flags: Flags {
        currentFlags.withLock { $0 }
    }

    /// The seed of the data and the draws now.
    public var seed: UInt64 {
        state.withLock { $0.seed }
    }

    /// Replaces this sandbox's flags (`PATCH /__admin/controls`).
    public func update(_ flags: Flags) {
        currentFlags.withLock { $0 = flags }
    }

    /// Numbers the next domain request and returns its draws with the flags it runs under.
    func nextRequest() -> (draws: RequestDraws, flags: Flags) {
        let draws = state.withLock { state in
            defer { state.sequence += 1 }
            return RequestDraws(seed: state.seed, sequence: state.sequence)
        }
        return (draws, flags)
    }

    /// Starts the numbering again under `seed`, forgetting scenarios and the journal (the flags stay).
    public func reset(seed: UInt64) async throws {
        state.withLock { state in
            state.seed = seed
            state.sequence = 0
        }
        try await scenarios.removeAll()
        try await journal.removeAll()
    }
}
