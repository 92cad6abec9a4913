import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import MapPinsFeature
import PinClusters
import PinGeometry
import Storage
import Testing

#if PostgreSQL
import PostgresStorage
import MapPinsPostgres
#endif

/// Every pins backend, each with the 2,800 seeded pins.
enum PinsBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqliteMemory
    case sqliteFile
    #if PostgreSQL
    case postgres
    #endif

    var description: String { rawValue }

    func make() async throws -> MapPinRepository {
        let location: DatabaseLocation
        switch self {
        case .inMemory:
            return .inMemory()
        case .sqliteMemory:
            location = .memory
        case .sqliteFile:
            let directory = try temporaryDirectory()
            location = .sqliteFile(path: directory.appendingPathComponent("pins.sqlite").path)
        #if PostgreSQL
        case .postgres:
            let backend = try await TestPostgres.migratedBackend(MapPinsMigrations.postgres)
            try await backend.transaction { try await MapPinRepository.seed(PinSeed.demo(), on: $0) }
            return .postgres(backend)
        #endif
        }
        let database = try SQLiteDatabase.open(location, migrations: MapPinsMigrations.all)
        try await database.write { db in try MapPinRepository.seed(PinSeed.demo(), into: db) }
        return .sqlite(database)
    }
}

/// The contract every pins backend keeps: the in-memory answers, page for page.
@Suite("MapPinRepository contract")
struct MapPinRepositoryContractTests {
    static let reference = MapPinRepository.inMemory()

    /// Queries that cover every area form and edge: centres, boxes across the antimeridian, the
    /// poles, the whole world, categories and limits.
    static let queries = [
        "lat=35.6812&lon=139.7671&radius=3000", "lat=35.6812&lon=139.7671&radius=50000&limit=500",
        "lat=51.5072&lon=-0.1276&radius=8000&category=cafe,park", "lat=78.2232&lon=15.6267&radius=20000",
        "lat=-18.1416&lon=178.4419&radius=40000", "lat=90&lon=0&radius=50000", "lat=-90&lon=0&radius=1",
        "bbox=177,-20,-178,-16&limit=500", "bbox=-180,-90,180,90&limit=500", "bbox=-0.2,51.4,0.05,51.6",
        "bbox=139.7,35.6,139.8,35.7&category=station", "bbox=537,-20,182,-16", "bbox=-200,-90,200,90&limit=1",
    ]

    @Test("every area query answers the in-memory backend's page", arguments: PinsBackend.allCases)
    func pages(backend: PinsBackend) async throws {
        let pins = try await backend.make()
        for text in Self.queries {
            let query = try PinQuery(queryItems: QueryParameters(text).pairs)
            let expected = try await Self.reference.search(query)
            let page = try await pins.search(query)
            #expect(page == expected, "\(text)")
            #expect(!page.pins.isEmpty || text.hasPrefix("lat=-90") || text.hasPrefix("lat=90"), "\(text) found pins")
        }
    }

    @Test("a pin by id, any case; an unknown id throws notFound", arguments: PinsBackend.allCases)
    func pin(backend: PinsBackend) async throws {
        let pins = try await backend.make()
        let suva = try await pins.pin("C17E0000-0000-4000-8000-000000000005")
        #expect(suva.title == "Suva Municipal Market")
        await #expect(throws: RepositoryError.self) { try await pins.pin("00000000-0000-4000-8000-000000000000") }
    }

    @Test("clusters and leaves are the same on every backend", arguments: PinsBackend.allCases)
    func clusters(backend: PinsBackend) async throws {
        let pins = try await backend.make()
        let world = try BoundingBox(parsing: "-180,-90,180,90")
        for zoom in [0, 4, 10, 16] {
            #expect(
                try await pins.clusters(world, zoom) == (try await Self.reference.clusters(world, zoom)), "zoom \(zoom)"
            )
        }
        guard
            case .cluster(let cluster, _) = try await pins.clusters(world, 2).first(where: {
                if case .cluster = $0 { true } else { false }
            })
        else {
            Issue.record("the world at zoom 2 has clusters")
            return
        }
        #expect(try await pins.leaves(cluster.id, 10_000, 0).count == cluster.pointCount)
    }
}
