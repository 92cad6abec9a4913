import PinClusters
import Testing

@Suite("Boxes across the antimeridian")
struct AntimeridianTests {
    static let easternHalf = BoundingBox(west: 177, south: -20, east: 180, north: -16)
    static let westernHalf = BoundingBox(west: -180, south: -20, east: -178, north: -16)

    @Test("the Fiji box is its eastern half then its western half", arguments: Fixture.allCases)
    func fijiIsItsTwoHalves(fixture: Fixture) {
        for zoom in allZooms {
            let crossing = fixture.index.clusters(in: PinFixtures.fiji, zoom: zoom)
            let halves =
                fixture.index.clusters(in: Self.easternHalf, zoom: zoom)
                + fixture.index.clusters(in: Self.westernHalf, zoom: zoom)
            #expect(crossing == halves, "zoom \(zoom)")
        }
    }

    @Test("the Fiji box finds Suva's pins and only them at every zoom", arguments: allZooms)
    func fijiFindsSuva(zoom: Int) throws {
        let index = PinFixtures.cityIndex
        let leafIDs = try index.clusters(in: PinFixtures.fiji, zoom: zoom).flatMap { try index.leafIDs(of: $0) }
        #expect(leafIDs.count == PinFixtures.suvaCount)
        #expect(Set(leafIDs) == PinFixtures.suvaIDs)
    }

    @Test("longitudes wrap, so the Fiji box written 360° off is the same box")
    func wrappedLongitudesAreTheSameBox() {
        let index = PinFixtures.cityAndWorldIndex
        let wrapped = BoundingBox(west: 537, south: -20, east: -538, north: -16)
        for zoom in allZooms {
            #expect(index.clusters(in: wrapped, zoom: zoom) == index.clusters(in: PinFixtures.fiji, zoom: zoom))
        }
    }

    @Test("a span of 360° or more is the whole world, wherever it starts")
    func wideSpanIsTheWorld() {
        let index = PinFixtures.cityAndWorldIndex
        let wide = BoundingBox(west: 10, south: -100, east: 400, north: 100)
        #expect(index.clusters(in: wide, zoom: 4) == index.clusters(in: .world, zoom: 4))
    }
}
