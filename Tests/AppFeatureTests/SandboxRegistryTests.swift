@testable import AppFeature
import Dependencies
import HTTPKit
import HTTPTypes
import NewsletterFeature
import Synchronization
import Storage
import Testing
import TodosFeature

/// The registry's life cycle (api.md §6.4) on a test clock: creation on first use, seeded; the
/// limit and its `Retry-After`; idle expiry; drops; what a restart restores.
@Suite("Sandbox registry")
struct SandboxRegistryTests {
    @Test("a sandbox is created, seeded, on first use, and found again")
    func createdOnFirstUse() async throws {
        let (registry, _) = Self.registry()
        let a = try await Self.sandbox(registry, "a")
        #expect(a.name.rawValue == "a")
        let todos = try #require(a.dependencies?.todoRepository)
        #expect(Set(try await todos.list(.all).map(\.id)) == Set(TodosSeed.demo.map(\.id)))
        #expect(try await a.dependencies?.newsletterRepository.subscribers() == NewsletterSeed.subscribers)
        guard case .ready(let again) = registry.lookup(try SandboxName("a", source: "test")) else {
            Issue.record("a created sandbox must be ready at the next lookup")
            return
        }
        #expect(again === a)
        #expect(registry.list().map(\.name.rawValue) == ["a"])
    }

    @Test("each sandbox has its own stores, keys, windows and controls, flags included")
    func ownState() async throws {
        let (registry, _) = Self.registry(dev: true)
        let a = try await Self.sandbox(registry, "a")
        let b = try await Self.sandbox(registry, "b")
        let defaults = registry.defaultSandbox
        guard case .local(let keysA) = a.idempotency, case .local(let keysB) = b.idempotency,
            case .local(let defaultKeys) = defaults.idempotency
        else {
            Issue.record("sandboxes of a one-process server keep their keys in memory")
            return
        }
        #expect(keysA !== keysB && keysA !== defaultKeys)
        #expect(a.rateLimiter !== b.rateLimiter && a.rateLimiter !== defaults.rateLimiter)
        let controlsA = try #require(a.controls)
        let controlsB = try #require(b.controls)
        #expect(controlsA !== controlsB)
        if case .local(let journalA) = controlsA.journal, case .local(let journalB) = controlsB.journal {
            #expect(journalA !== journalB)
        } else {
            Issue.record("sandboxes of a one-process server keep their journals in memory")
        }
        if case .local(let scenariosA) = controlsA.scenarios, case .local(let scenariosB) = controlsB.scenarios {
            #expect(scenariosA !== scenariosB)
        } else {
            Issue.record("sandboxes of a one-process server count fail=N in memory")
        }
        let starting = try #require(defaults.controls?.flags)
        #expect(controlsA.flags == starting && controlsB.flags == starting, "each starts from the server's flags")
        controlsA.update(DemoControls.Flags(latency: 5...10, faultRate: 0.5))
        #expect(controlsA.flags == DemoControls.Flags(latency: 5...10, faultRate: 0.5))
        #expect(controlsB.flags == starting, "a sandbox's flags are its own")
        #expect(defaults.controls?.flags == starting)
        defaults.controls?.update(DemoControls.Flags(faultRate: 0.1))
        let c = try await Self.sandbox(registry, "c")
        #expect(c.controls?.flags == starting, "a new one starts from the server's flags, not another sandbox's")

        _ = try await a.dependencies?.todoRepository.write(.deleteAll(.all))
        #expect(try await b.dependencies?.todoRepository.list(.all).count == TodosSeed.demo.count)
        let versionA = try await #require(a.dependencies?.todoRepository.version.current())
        let versionB = try await #require(b.dependencies?.todoRepository.version.current())
        #expect(versionA != versionB, "cached answers of one sandbox's store never match another's")
    }

    @Test("one sandbox too many is refused until the least recently used expires")
    func limit() async throws {
        let (registry, clock) = Self.registry(limits: SandboxLimits(maximum: 2, idleSeconds: 100))
        _ = try await Self.sandbox(registry, "a")
        clock.advance(by: 30)
        _ = try await Self.sandbox(registry, "b")
        clock.advance(by: 20)
        guard case .full(let retryAfter) = registry.lookup(try SandboxName("c", source: "test")) else {
            Issue.record("a third sandbox must be refused with a limit of 2")
            return
        }
        #expect(retryAfter == 51, "a, last used 50 s ago, expires 100 s after its last use")
        clock.advance(by: 51)
        _ = try await Self.sandbox(registry, "c")
        #expect(registry.list().map(\.name.rawValue) == ["b", "c"])
    }

    @Test("a sweep drops the sandboxes idle beyond the limit, and only those")
    func idleExpiry() async throws {
        let (registry, clock) = Self.registry(limits: SandboxLimits(maximum: 10, idleSeconds: 60))
        _ = try await Self.sandbox(registry, "idle")
        _ = try await Self.sandbox(registry, "busy")
        clock.advance(by: 45)
        _ = try await Self.sandbox(registry, "busy")
        clock.advance(by: 20)
        #expect(await registry.sweep().map(\.rawValue) == ["idle"])
        #expect(registry.list().map(\.name.rawValue) == ["busy"])
        #expect(await registry.sweep().isEmpty)
    }

    @Test("a dropped sandbox comes back seeded afresh; dropping an unknown one says so")
    func drop() async throws {
        let (registry, _) = Self.registry()
        let name = try SandboxName("a", source: "test")
        let first = try await Self.sandbox(registry, "a")
        _ = try await first.dependencies?.todoRepository.write(.deleteAll(.all))
        #expect(try await registry.drop(name))
        #expect(try await !registry.drop(name))
        #expect(registry.list().isEmpty)
        let second = try await Self.sandbox(registry, "a")
        #expect(second !== first)
        #expect(try await second.dependencies?.todoRepository.list(.all).count == TodosSeed.demo.count)
    }

    @Test("a drop the storage fails leaves the sandbox live and says so")
    func failedDrop() async throws {
        struct DiskFull: Error {}
        var storage = SandboxStorage.inMemory()
        storage.drop = { _, _ in throw DiskFull() }
        let (registry, _) = Self.registry(storage: storage)
        let a = try await Self.sandbox(registry, "a")
        await #expect(throws: DiskFull.self) { try await registry.drop(a.name) }
        #expect(registry.list().map(\.name) == [a.name])
        #expect(registry.live(a.name) === a)
    }

    @Test("a failed drop puts nothing back when a later drop of the name came meanwhile")
    func failedDropThenAnotherDrop() async throws {
        struct DiskFull: Error {}
        let gate = Gate()
        let drops = Atomic<Int>(0)
        var storage = SandboxStorage.inMemory()
        storage.drop = { _, _ in
            // The first drop waits for the test, then fails; later ones succeed.
            guard drops.add(1, ordering: .relaxed).newValue == 1 else { return true }
            try await gate.wait()
            throw DiskFull()
        }
        let (registry, _) = Self.registry(storage: storage)
        let name = try SandboxName("a", source: "test")
        _ = try await Self.sandbox(registry, "a")
        let first = Task { try await registry.drop(name) }
        #expect(await eventually { gate.waiting == 1 })
        guard case .opening = registry.lookup(name) else {
            Issue.record("a new sandbox of the name must wait for the drop")
            return
        }
        let second = Task { try await registry.drop(name) }
        gate.open()
        await #expect(throws: DiskFull.self) { try await first.value }
        #expect(try await second.value)
        #expect(registry.list().isEmpty, "the second drop's answer holds: no sandbox a")
        #expect(registry.live(name) == nil)
    }

    @Test("the sandboxes a storage restores are live at once")
    func restored() throws {
        var storage = SandboxStorage.inMemory()
        let created = Timestamp(secondsSince1970: 1_000)
        storage.restored = [
            SandboxRecord(name: try SandboxName("kept", source: "test"), generation: 3, createdAt: created, seed: 7)
        ]
        let (registry, _) = Self.registry(storage: storage)
        let kept = try #require(registry.list().first)
        #expect(kept.name.rawValue == "kept")
        #expect(kept.createdAt == created)
        #expect(kept.seed == 7)
    }

    @Test("a restored sandbox is ready at its first request, and expires like any other if none comes")
    func restoredAreReadyAndExpire() async throws {
        var storage = SandboxStorage.inMemory()
        let created = Timestamp(secondsSince1970: 1_000)
        storage.restored = try ["used", "unused"].map { name in
            SandboxRecord(name: try SandboxName(name, source: "test"), generation: 1, createdAt: created, seed: 1)
        }
        let (registry, clock) = Self.registry(limits: SandboxLimits(maximum: 10, idleSeconds: 60), storage: storage)
        guard case .ready(let used) = registry.lookup(try SandboxName("used", source: "test")) else {
            Issue.record("a restored sandbox must not be created again")
            return
        }
        #expect(used.name.rawValue == "used")
        clock.advance(by: 30)
        _ = registry.lookup(used.name)
        clock.advance(by: 31)
        #expect(await registry.sweep().map(\.rawValue) == ["unused"])
        #expect(registry.list().map(\.name.rawValue) == ["used"])
    }

    /// A registry over in-memory stores, on a clock the test moves.
    static func registry(
        limits: SandboxLimits = SandboxLimits(), dev: Bool = false, storage: SandboxStorage = .inMemory(),
        clock: TestClock = TestClock()
    ) -> (SandboxRegistry, TestClock) {
        var base = DependencyValues._current
        base.sandboxStorage = storage
        base.demoControls = DemoControls()
        let settings = AppSettings(dev: dev, sandboxLimits: limits)
        let defaultSandbox = SandboxRegistry.over(base, prepared: false, settings: settings).defaultSandbox
        let registry = SandboxRegistry(
            storage: storage, base: base, dependencies: .overriding, defaultSandbox: defaultSandbox, limits: limits,
            dev: dev, publicURL: nil,
            now: { clock.now })
        return (registry, clock)
    }

    /// The sandbox `name`, waiting for its creation.
    static func sandbox(_ registry: SandboxRegistry, _ name: String) async throws -> Sandbox {
        switch registry.lookup(try SandboxName(name, source: "test")) {
        case .ready(let sandbox): return sandbox
        case .confirm(let sandbox): return try await registry.confirmed(sandbox).sandbox
        case .opening(let creation): return try await creation.value
        case .full: throw SandboxFull()
        }
    }

    struct SandboxFull: Error {}
}

/// Unix seconds that move only when a test says so.
final class TestClock: Sendable {
    private let seconds = Atomic<Int64>(1_800_000_000)

    var now: Int64 { seconds.load(ordering: .relaxed) }

    func advance(by delta: Int64) {
        seconds.add(delta, ordering: .relaxed)
    }
}
