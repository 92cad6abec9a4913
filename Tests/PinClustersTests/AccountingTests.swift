import PinClusters
import Testing

@Suite("Every pin is accounted for at every zoom")
struct AccountingTests {
    @Test("the whole world's markers hold every pin exactly once", arguments: Fixture.allCases)
    func wholeWorldHoldsEveryPinOnce(fixture: Fixture) throws {
        let expectedIDs = Set(fixture.pins.map(\.id))
        #expect(fixture.index.pinCount == fixture.pins.count)
        for zoom in allZooms {
            let features = fixture.index.clusters(in: .world, zoom: zoom)
            #expect(features.map(\.pointCount).reduce(0, +) == fixture.pins.count, "zoom \(zoom)")
            let leafIDs = try features.flatMap { try fixture.index.leafIDs(of: $0) }
            #expect(leafIDs.count == fixture.pins.count, "zoom \(zoom)")
            #expect(Set(leafIDs) == expectedIDs, "zoom \(zoom)")
        }
    }

    @Test("markers never become fewer as the zoom grows", arguments: Fixture.allCases)
    func markerCountNeverFalls(fixture: Fixture) {
        let counts = allZooms.map { fixture.index.clusters(in: .world, zoom: $0).count }
        for (coarser, finer) in zip(counts, counts.dropFirst()) {
            #expect(coarser <= finer, "counts by zoom: \(counts)")
        }
        #expect(counts.last == fixture.pins.count)
    }
}
