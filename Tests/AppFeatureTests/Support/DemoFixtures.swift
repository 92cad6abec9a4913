import AppFeature
import CounterpartTestSupport
import Dependencies
import EventHTTP
import Foundation
import HTTPKit
import NewsletterFeature
import RepoSearchFeature
import Storage
import Synchronization
import Testing
import TodosFeature

/// The delays a test's controls were asked to wait, answered at once (or never, when `holds`).
final class RecordedSleeps: Sendable {
    private let durations = Mutex<[Duration]>([])
    private let cancellations = Atomic<Int>(0)
    private let holds: Bool

    /// Sleeps that return at once, or with `holds`, only when cancelled.
    init(holds: Bool = false) {
        self.holds = holds
    }

    var recorded: [Duration] { durations.withLock { $0 } }
    var cancelled: Int { cancellations.load(ordering: .relaxed) }

    func sleep(_ duration: Duration) async throws {
        durations.withLock { $0.append(duration) }
        guard holds else { return }
        do {
            try await Task.sleep(for: .seconds(3600))
        } catch {
            cancellations.add(1, ordering: .relaxed)
            throw error
        }
    }
}

/// What the demo-control suites share: controls whose sleeps a test records, the todos they run
/// against, and the journal as a client decodes it.
enum DemoFixtures {
    static func controls(
        _ sleeps: RecordedSleeps = RecordedSleeps(), flags: DemoControls.Flags = .init(), seed: UInt64 = 1
    ) -> DemoControls {
        // A clock that stands still for fail=N scenarios: a test's requests can sit a minute apart on
        // a loaded machine, past the 60 s after which an idle scenario starts again.
        let scenarios = FailScenarios(now: { stoodStill })
        return DemoControls(
            flags: flags, seed: seed, scenarios: .local(scenarios), sleep: { try await sleeps.sleep($0) })
    }

    /// The instant fail=N scenarios see, always.
    private static let stoodStill = ContinuousClock.now

    static var dependencies: DependencyValues {
        var values = DependencyValues._current
        values.todoRepository = .inMemory(seed: TodosSeed.demo)
        return values
    }

    /// The journal as a client decodes it.
    struct Entry: Decodable {
        var id: String
        var method: String
        var path: String
        var query: String?
        var status: Int?
        var outcome: String
        var receivedAt: Date
        var durationMs: Double
        var injectedDelayMs: Double
        var preferenceApplied: String?
    }

    static func journal(_ client: HTTPClient, limit: Int = 100) throws -> [Entry] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(
            [Entry].self, from: Data(client.request("GET", "/__admin/requests?limit=\(limit)").body))
    }

    static func journal(_ app: InProcessApp, limit: Int = 100) async throws -> [Entry] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(
            [Entry].self, from: Data(await app.request("GET", "/__admin/requests?limit=\(limit)").body))
    }
}
