import CasePathsCore
import Dependencies
import HTTPKit
import HTTPTypes
import PinClusters
import PinGeometry
import Reducers
import ReducersTesting
import Storage
import Testing

@testable import MapPinsFeature

@Suite("MapPinsFeature reducer")
struct MapPinsFeatureTests {
    static let repository = MapPinRepository.inMemory()
    static let tokyo = "c17e0000-0000-4000-8000-000000000001"

    func makeStore(repository: MapPinRepository = Self.repository) -> TestStore<MapPinsFeature> {
        TestStore(initialState: MapPinsFeature.State()) {
            MapPinsFeature()
        } withDependencies: {
            $0.mapPinRepository = repository
        } isFinished: {
            $0.response != nil
        }
    }

    func query(_ text: String) throws -> PinQuery {
        try PinQuery(queryItems: QueryParameters(text).pairs)
    }

    @Test("a centre query: the anchor first, at 0.0 m, with the caching headers of api.md §5.1")
    func centre() async throws {
        let store = makeStore()
        let query = try query("lat=35.6812&lon=139.7671&radius=300")
        let request = MapPinsRequest(.search(query))
        let page = try await Self.repository.search(query)
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.searched.success) {
            $0.response = MapPinsResponses.page(page, query: query, inGeoJSON: false)
        }
        await store.finish()
        #expect(page.pins.first?.pin.id == Self.tokyo)
        #expect(page.pins.first?.distanceMeters == 0)
        let response = MapPinsResponses.page(page, query: query, inGeoJSON: false)
        #expect(response.headers[.cacheControl] == "public, max-age=60")
        #expect(response.headers[.vary] == "Accept")
        #expect(response.headers[.xResultTruncated] == "false")
    }

    @Test("a nearby region's query is answered from the cache, without an effect")
    func cached() async throws {
        let cache = ResponseCache(capacity: 1 << 20)
        let first = MapPinsRequest(.search(try query("lat=35.68120&lon=139.76710")))
        let store = TestStore(initialState: MapPinsFeature.State()) {
            MapPinsFeature()
        } withDependencies: {
            $0.mapPinRepository = Self.repository
            $0.responseCache = cache
        } isFinished: {
            $0.response != nil
        }
        await store.send(first) { $0.request = first }
        await store.receive(\.internal.searched.success) {
            $0.response = cache.response(for: first.cacheKey, version: 0)
        }
        await store.finish()
        let again = TestStore(initialState: MapPinsFeature.State()) {
            MapPinsFeature()
        } withDependencies: {
            // Every endpoint unimplemented but the version: a cache hit must call nothing else.
            $0.mapPinRepository = MapPinRepository()
            $0.mapPinRepository.version = { 0 }
            $0.responseCache = cache
        } isFinished: {
            $0.response != nil
        }
        let nearby = MapPinsRequest(.search(try query("lat=35.68122&lon=139.76712")))
        await again.send(nearby) {
            $0.request = nearby
            $0.response = cache.response(for: first.cacheKey, version: 0)
        }
        await again.finish()
    }

    @Test("an answer cached at one data version is not served at another (a reset to another seed)")
    func cachedAnswerFollowsTheVersion() async throws {
        let cache = ResponseCache(capacity: 1 << 20)
        let request = MapPinsRequest(.pin(Self.tokyo))
        func store(version: Int) -> TestStore<MapPinsFeature> {
            var repository = Self.repository
            repository.version = { version }
            return TestStore(initialState: MapPinsFeature.State()) {
                MapPinsFeature()
            } withDependencies: {
                $0.mapPinRepository = repository
                $0.responseCache = cache
            } isFinished: {
                $0.response != nil
            }
        }
        let first = store(version: 1)
        first.exhaustivity = .off
        await first.send(request)
        await first.receive(\.internal.fetched.success)
        await first.finish()
        #expect(cache.response(for: request.cacheKey, version: 1) != nil, "the answer was cached at its version")
        let reseeded = store(version: 2)
        await reseeded.send(request) {
            $0.request = request
            $0.cacheVersion = 2
        }
        reseeded.exhaustivity = .off
        await reseeded.receive(\.internal.fetched.success)
        await reseeded.finish()
    }

    @Test("an unknown pin is 404")
    func unknownPin() async {
        let store = makeStore()
        let request = MapPinsRequest(.pin("00000000-0000-4000-8000-000000000000"))
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.fetched.failure) {
            $0.response = .problem(
                .notFound("No pin 00000000-0000-4000-8000-000000000000 exists; pin ids are UUIDs from GET /pins."))
        }
        await store.finish()
    }

    @Test("clusters of the world at zoom 0 account for every pin")
    func clusters() async throws {
        let store = makeStore()
        let world = try BoundingBox(parsing: "-180,-90,180,90")
        let request = MapPinsRequest(.clusters(world, zoom: 0), inGeoJSON: true)
        let items = try await Self.repository.clusters(world, 0)
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.clustered.success) {
            $0.response = MapPinsResponses.clusters(items, box: world)
        }
        await store.finish()
        let total = items.reduce(0) { sum, item in
            switch item {
            case .cluster(let cluster, _): sum + cluster.pointCount
            case .pin: sum + 1
            }
        }
        #expect(total == PinSeed.demoPinCount)
    }

    @Test("an id that is not a cluster is 404")
    func unknownCluster() async {
        let store = makeStore()
        let request = MapPinsRequest(.leaves(ClusterID(rawValue: 7), limit: 10, offset: 0), inGeoJSON: true)
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.expanded.failure) {
            $0.response = .problem(.notFound("No cluster 7 exists; cluster ids come from GET /pins/clusters."))
        }
        await store.finish()
    }
}
