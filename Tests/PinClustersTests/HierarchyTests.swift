import PinClusters
import Testing

@Suite("Clusters nest: leaves, children and expansion zoom agree")
struct HierarchyTests {
    @Test("a cluster's leaves are exactly its points", arguments: Fixture.allCases, [0, 2, 5, 8, 11, 14, 16])
    func leavesAreExactlyThePoints(fixture: Fixture, zoom: Int) throws {
        let index = fixture.index
        for case .cluster(let cluster) in index.clusters(in: .world, zoom: zoom) {
            let leafIDs = try index.leaves(of: cluster.id, limit: .max).map(\.id)
            #expect(leafIDs.count == cluster.pointCount)
            #expect(Set(leafIDs).count == cluster.pointCount)

            let children = try index.children(of: cluster.id)
            #expect(children.map(\.pointCount).reduce(0, +) == cluster.pointCount)
        }
    }

    @Test("a cluster splits at its expansion zoom", arguments: Fixture.allCases, [0, 2, 5, 8, 11, 14, 16])
    func clusterSplitsAtExpansionZoom(fixture: Fixture, zoom: Int) throws {
        let index = fixture.index
        var worldByZoom: [Int: World] = [:]
        for case .cluster(let cluster) in index.clusters(in: .world, zoom: zoom) {
            let expansionZoom = try index.expansionZoom(of: cluster.id)
            #expect(expansionZoom > zoom)
            #expect(expansionZoom <= ClusteringParameters.maxZoom + 1)

            let world = try worldByZoom[expansionZoom] ?? World(index, zoom: expansionZoom)
            worldByZoom[expansionZoom] = world
            let holders = try Set(index.leaves(of: cluster.id, limit: .max).compactMap { world.markerOfPin[$0.id] })
            #expect(holders.count >= 2, "cluster \(cluster.id) at zoom \(expansionZoom)")
            #expect(holders.map { world.markers[$0].pointCount }.reduce(0, +) == cluster.pointCount)
        }
    }

    /// The world's markers at one zoom, and for each pin id the position of the marker holding it.
    private struct World {
        let markers: [ClusterFeature<String>]
        let markerOfPin: [String: Int]

        init(_ index: PinClusterIndex<String>, zoom: Int) throws {
            markers = index.clusters(in: .world, zoom: zoom)
            var markerOfPin: [String: Int] = [:]
            for (position, marker) in markers.enumerated() {
                for id in try index.leafIDs(of: marker) {
                    markerOfPin[id] = position
                }
            }
            self.markerOfPin = markerOfPin
        }
    }
}
