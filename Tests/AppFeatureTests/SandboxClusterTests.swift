#if PostgreSQL
@testable import AppFeature
import AppPostgres
import CounterpartTestSupport
import Dependencies
import Foundation
import HTTPKit
import PostgresStorage
import Storage
import Testing
import TodosFeature

/// Sandboxes as several instances sharing one PostgreSQL database see them: two registries, each
/// with a pool of its own (two instances), on one test clock.
@Suite("Sandboxes shared by instances")
struct SandboxClusterTests {
    @Test("a sandbox dropped through one instance is made again, seeded, at the next request through another")
    func droppedElsewhere() async throws {
        let (a, b, _) = try await Self.instances()
        let onA = try await SandboxRegistryTests.sandbox(a, "shared")
        let todos = try #require(onA.dependencies?.todoRepository)
        _ = try await todos.write(
            .create(TodoDraft(description: "only in the first one"), newID: UUID(), now: .seedEpoch))
        let onB = try await SandboxRegistryTests.sandbox(b, "shared")
        #expect(onB.generation == onA.generation, "B adopts the sandbox A made")
        #expect(try await Self.descriptions(onB).contains("only in the first one"))

        #expect(try await a.drop(onA.name))
        let again = try await SandboxRegistryTests.sandbox(b, "shared")
        #expect(again.generation != onA.generation, "B forgot its copy of the dropped sandbox")
        #expect(try await Self.descriptions(again) == Set(TodosSeed.demo.map(\.description)), "seeded anew")

        _ = try await SandboxRegistryTests.sandbox(b, "made-on-b")
        #expect(try await a.drop(try SandboxName("made-on-b", source: "test")), "A drops what only B used")
        #expect(try await !a.drop(try SandboxName("never-made", source: "test")))
    }

    @Test("idle means idle on every instance: one instance's quiet hour does not drop what another uses")
    func idleEverywhere() async throws {
        let (a, b, clock) = try await Self.instances(idleSeconds: 60)
        try await Self.makeHoldingKept(a, "busy")
        clock.advance(by: 40)
        _ = try await SandboxRegistryTests.sandbox(b, "busy")
        clock.advance(by: 30)
        #expect(await a.sweep().isEmpty, "idle for 70 s on A, but B used it 30 s ago")
        #expect(a.list().isEmpty, "A forgets its idle copy")
        let onA = try await SandboxRegistryTests.sandbox(a, "busy")
        #expect(try await Self.descriptions(onA).contains("kept"), "the data stayed")
        clock.advance(by: 61)
        #expect(await b.sweep().map(\.rawValue) == ["busy"], "idle on both: dropped")
        let fresh = try await SandboxRegistryTests.sandbox(a, "busy")
        #expect(try await !Self.descriptions(fresh).contains("kept"))
    }

    @Test("a full instance makes room by forgetting its idle copies, never by dropping what others use")
    func fullInstance() async throws {
        let (a, b, clock) = try await Self.instances(idleSeconds: 60, maximum: 1)
        try await Self.makeHoldingKept(a, "x")
        clock.advance(by: 50)
        _ = try await SandboxRegistryTests.sandbox(b, "x")
        clock.advance(by: 20)
        _ = try await SandboxRegistryTests.sandbox(a, "y")
        #expect(a.list().map(\.name.rawValue) == ["y"], "A made room")
        let onB = try await SandboxRegistryTests.sandbox(b, "x")
        #expect(try await Self.descriptions(onB).contains("kept"), "B's sandbox kept its data")
    }

    @Test("DELETE through an instance holding a stale copy drops the sandbox the cluster records now")
    func staleDelete() async throws {
        let (a, b, _) = try await Self.instances()
        let first = try await SandboxRegistryTests.sandbox(a, "x")
        #expect(try await b.drop(first.name))
        let second = try await SandboxRegistryTests.sandbox(b, "x")
        #expect(second.generation != first.generation)
        #expect(try await a.drop(first.name), "A's copy was stale, the sandbox was not")
        let third = try await SandboxRegistryTests.sandbox(b, "x")
        #expect(third.generation != second.generation, "the one B made was dropped")
    }

    @Test("a confirmation reads the sandbox's data versions with its generation; the request's version reads take them")
    func confirmationCarriesVersions() async throws {
        let (a, b, _) = try await Self.instances()
        let onA = try await SandboxRegistryTests.sandbox(a, "counted")
        let throughA = try #require(onA.dependencies?.todoRepository)
        _ = try await throughA.write(.create(TodoDraft(description: "one"), newID: UUID(), now: .seedEpoch))
        let confirmed = try await Self.secondRequest(b, onA.name)
        let versions = try #require(confirmed.versions, "the sandbox was confirmed in its generation")
        #expect(versions.sandbox == "counted")
        #expect(versions.versions["todos"] != nil, "the todos were written, so they have a version")
        let throughB = try #require(confirmed.sandbox.dependencies?.todoRepository)
        let before = try await throughB.version.current()

        _ = try await throughA.write(.create(TodoDraft(description: "two"), newID: UUID(), now: .seedEpoch))
        let inRequest = try await ConfirmedDataVersions.$current.withValue(versions) {
            try await throughB.version.current()
        }
        #expect(inRequest == before, "the request reads the version it confirmed, without asking again")
        #expect(try await throughB.version.current() > before, "a read outside the request asks, and sees the write")
        let elsewhere = ConfirmedDataVersions(sandbox: "other", versions: ["todos": -1])
        let otherSandbox = try await ConfirmedDataVersions.$current.withValue(elsewhere) {
            try await throughB.version.current()
        }
        #expect(otherSandbox > before, "another sandbox's confirmation is not this one's")
    }

    @Test("a sandbox no domain has written yet is confirmed with no versions, which read as 0")
    func confirmationOfUnwrittenSandbox() async throws {
        let (a, b, _) = try await Self.instances()
        let made = try await SandboxRegistryTests.sandbox(a, "untouched")
        let versions = try #require(try await Self.secondRequest(b, made.name).versions)
        let todos = try #require(made.dependencies?.todoRepository)
        let stored = try await todos.version.current()
        let confirmed = try await ConfirmedDataVersions.$current.withValue(versions) {
            try await todos.version.current()
        }
        #expect(confirmed == stored)
    }

    /// What `registry`'s second request in sandbox `name` (made through another instance) runs in:
    /// the first adopts the sandbox, the second confirms it.
    static func secondRequest(_ registry: SandboxRegistry, _ name: SandboxName) async throws
        -> SandboxRegistry.ConfirmedSandbox
    {
        _ = try await SandboxRegistryTests.sandbox(registry, name.rawValue)
        guard case .confirm(let copy) = registry.lookup(name) else { throw NotConfirmed() }
        return try await registry.confirmed(copy)
    }

    struct NotConfirmed: Error, CustomStringConvertible {
        var description: String { "a registry's second request in a shared sandbox should confirm it" }
    }

    /// Two instances' registries over one fresh, migrated database.
    static func instances(idleSeconds: Int64 = 3_600, maximum: Int = 10) async throws -> (
        SandboxRegistry, SandboxRegistry, TestClock
    ) {
        let backend = try await TestPostgres.backend(at: TestPostgres.freshDatabase())
        _ = try await PostgresMigrator.migrate(backend, AppDatabase.postgresMigrations())
        let other = try await TestPostgres.backend(at: backend.url)
        let limits = SandboxLimits(maximum: maximum, idleSeconds: idleSeconds)
        let (a, clock) = SandboxRegistryTests.registry(
            limits: limits, storage: try await SandboxStorage.postgres(backend, now: 0))
        let (b, _) = SandboxRegistryTests.registry(
            limits: limits, storage: try await SandboxStorage.postgres(other, now: 0), clock: clock)
        return (a, b, clock)
    }

    /// Makes sandbox `name` through `registry` and writes into it a todo described "kept".
    static func makeHoldingKept(_ registry: SandboxRegistry, _ name: String) async throws {
        let made = try await SandboxRegistryTests.sandbox(registry, name)
        let todos = try #require(made.dependencies?.todoRepository)
        _ = try await todos.write(.create(TodoDraft(description: "kept"), newID: UUID(), now: .seedEpoch))
    }

    static func descriptions(_ sandbox: Sandbox) async throws -> Set<String> {
        let todos = try #require(sandbox.dependencies?.todoRepository)
        return Set(try await todos.list(.all).map(\.description))
    }
}
#endif
