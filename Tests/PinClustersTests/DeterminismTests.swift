import SeededRandom
import PinClusters
import Testing

@Suite("Clustering does not depend on the input's order")
struct DeterminismTests {
    @Test("shuffled input gives the same markers at every zoom", arguments: Fixture.allCases, [1, 2, 3])
    func shuffledInputGivesSameMarkers(fixture: Fixture, seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let shuffled = PinClusterIndex(points: fixture.pins.shuffled(using: &generator))
        for zoom in allZooms {
            let expected = fixture.index.clusters(in: .world, zoom: zoom)
            let actual = shuffled.clusters(in: .world, zoom: zoom)
            #expect(actual == expected, "zoom \(zoom)")
            if case .cluster(let cluster) = expected.first {
                #expect(
                    try shuffled.leaves(of: cluster.id, limit: .max)
                        == fixture.index.leaves(of: cluster.id, limit: .max))
            }
        }
    }
}
