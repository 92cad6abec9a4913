import CounterpartTestSupport
import Dependencies
import Foundation
import GRDB
import HTTPKit
import MapPinsFeature
import NewsletterFeature
import PinGeometry
import RepoSearchFeature
@testable import Storage
import Synchronization
import Testing
import TodosFeature

@testable import AppFeature

@Suite("A reset to another seed: every call on one seed's data, every reset whole")
struct ResetToAnotherSeedTests {
    /// Pins whose only pin is named after `title`, and whose lookups wait for `hold` when given.
    static func pins(_ title: String, trace: Trace, hold: Gate? = nil) -> MapPinRepository {
        MapPinRepository(
            search: { _ in PinPage(pins: [], totalCount: 0) },
            pin: { id in
                trace.mark("\(title) read")
                try await hold?.wait()
                return MapPin(id: id, title: title, subtitle: "", category: .cafe, latitude: 0, longitude: 0)
            },
            clusters: { _, _ in [] },
            leaves: { _, _, _ in [] },
            version: { 0 }
        )
    }

    /// Datasets of seed 1 (pins "old") that regenerate pins titled "seed N", marking each start.
    static func datasets(trace: Trace, holdingOld: Gate? = nil, holdingRegeneration: Gate? = nil) -> SeededDatasets {
        SeededDatasets(
            seed: 1,
            backends: [
                Self.searchDomain: RepoSearchRepository(), Self.pinsDomain: pins("old", trace: trace, hold: holdingOld),
            ],
            regenerate: { seed in
                trace.mark("regenerate \(seed)")
                try await holdingRegeneration?.wait()
                return [Self.searchDomain: RepoSearchRepository(), Self.pinsDomain: pins("seed \(seed)", trace: trace)]
            })
    }

    static let searchDomain = Domain.repoSearch.name
    static let pinsDomain = Domain.mapPins().name

    /// The pins as a `--dev` server reaches them: through the gate.
    static func resettablePins(_ datasets: SeededDatasets) throws -> MapPinRepository {
        .current(of: try DatasetAccess(datasets: datasets, name: pinsDomain, resettable: true))
    }

    /// The current generation's backend of domain `name`, as a server that never reseeds calls it.
    static func fixed<Backend: Sendable>(_ datasets: SeededDatasets, _ name: String, as type: Backend.Type) throws
        -> Backend
    {
        try DatasetAccess<Backend>(datasets: datasets, name: name, resettable: false).fixed
    }

    @Test("a reseed waits for the calls under way; a call arriving meanwhile runs on the new seed")
    func reseedWaitsForCallsUnderWay() async throws {
        let trace = Trace()
        let hold = Gate()
        let datasets = Self.datasets(trace: trace, holdingOld: hold)
        let pins = try Self.resettablePins(datasets)
        async let old = pins.pin("a")
        #expect(await eventually { trace.all == ["old read"] })
        async let reseed: Void = datasets.reseed(2)
        // Ordered by who waits at the gate, not by pauses a loaded machine can outlast.
        #expect(await eventually { datasets.gate.waiting.writers == 1 })
        async let late = pins.pin("b")
        #expect(await eventually { datasets.gate.waiting.readers == 1 })
        #expect(trace.all == ["old read"], "the reseed or the late call ran beside a call on the old seed")
        #expect(pins.version() == 0)
        hold.open()
        #expect(try await old.title == "old")
        try await reseed
        #expect(try await late.title == "seed 2")
        #expect(trace.all == ["old read", "regenerate 2", "seed 2 read"])
        #expect(datasets.seed == 2)
        #expect(pins.version() == 1, "the new seed's answers are cached under a new version")
    }

    @Test("overlapping resets take turns: the datasets and the draws end on the same seed")
    func overlappingResetsTakeTurns() async throws {
        let trace = Trace()
        let hold = Gate()
        let datasets = Self.datasets(trace: trace, holdingRegeneration: hold)
        let controls = DemoControls(seed: 1)
        let reset = DemoReset(
            idempotency: .local(IdempotencyStore()), rateLimiter: .standard(), datasets: datasets,
            datasetCounts: [:])
        try await withDependencies {
            $0.todoRepository = .inMemory(seed: [])
            $0.newsletterRepository = .inMemory()
            $0.demoControls = controls
        } operation: {
            async let first = reset.reset(seed: 2)
            #expect(await eventually { trace.all == ["regenerate 2"] })
            async let second = reset.reset(seed: 3)
            #expect(await eventually { reset.turns.waiting.writers == 1 })
            #expect(trace.all == ["regenerate 2"], "a second reset started while the first was regenerating")
            hold.open()
            let summaries = try await [first.seed, second.seed]
            #expect(summaries == [2, 3])
        }
        #expect(trace.all == ["regenerate 2", "regenerate 3"])
        #expect(datasets.seed == 3)
        #expect(controls.seed == 3)
    }

    @Test("in a SQLite file, the repositories, the pins and the seed change in one transaction")
    func oneTransactionInAFile() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("reseed.sqlite").path
        let database = try await AppDatabase.open(.sqliteFile(path: path), readers: 1)
        let writer = try #require(database.writer)
        let commits = CommitCounter()
        writer.add(transactionObserver: commits)
        let tokyo = "c17e0000-0000-4000-8000-000000000001"
        let before = try await Self.fixed(database.datasets, Self.searchDomain, as: RepoSearchRepository.self).search(
            try SearchQueryParser.parse("stars:>=0"), SearchOrder(sort: .stars, ascending: false), 0, 1)
        try await database.datasets.reseed(42)
        #expect(commits.count == 1, "a crash between transactions would leave a file holding two seeds")
        #expect(database.seed == 42)
        #expect(try SeedMarker.datasetSeed(writer) == 42)
        let indexed = try await writer.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM pins JOIN pins_rtree ON pins_rtree.rowid = pins.rowid
                    WHERE pins_rtree.minLon <= pins.longitude AND pins.longitude <= pins_rtree.maxLon
                    AND pins_rtree.minLat <= pins.latitude AND pins.latitude <= pins_rtree.maxLat
                    """)
        }
        #expect(indexed == 2_800, "the spatial index, made anew, holds every pin of seed 42 where it is")
        let entries = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pins_rtree") }
        #expect(entries == 2_800, "and nothing else")
        let after = try await Self.fixed(database.datasets, Self.searchDomain, as: RepoSearchRepository.self).search(
            try SearchQueryParser.parse("stars:>=0"), SearchOrder(sort: .stars, ascending: false), 0, 1)
        #expect(
            after.items.map(\.repository.id) != before.items.map(\.repository.id),
            "seed 42 generated other repositories")
        #expect(
            try await Self.fixed(database.datasets, Self.pinsDomain, as: MapPinRepository.self).pin(tokyo).id == tokyo,
            "the anchors stay")
    }
}
