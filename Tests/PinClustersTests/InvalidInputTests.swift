import PinClusters
import Testing

@Suite("Bad input fails softly")
struct InvalidInputTests {
    static let index = PinClusterIndex(points: [
        PinLocation(id: "a", longitude: 0, latitude: 0),
        PinLocation(id: "b", longitude: 0.01, latitude: 0),
        PinLocation(id: "c", longitude: 0.5, latitude: 0),
        PinLocation(id: "d", longitude: 0.5, latitude: 0.01),
        PinLocation(id: "e", longitude: 100, latitude: 40),
        PinLocation(id: "f", longitude: -120, latitude: -45),
    ])

    // 18 is valid (see HandCheckedTests); the rest are below the pin count, name a pin's row,
    // a zoom with no level, a row that is not a cluster's origin, or a row past the level's end.
    @Test(
        "ids that name no cluster throw UnknownClusterError",
        arguments: [-1, 0, 5, 6, 6 + 31, 6 + 18, (1 << 5) + 12 + 6, (1_000 << 5) + 12 + 6, Int.min, Int.max]
    )
    func unknownIDsThrow(rawID: Int) {
        let id = ClusterID(rawValue: rawID)
        let expected = UnknownClusterError(clusterID: id, pinCount: 6)
        #expect(throws: expected) { try Self.index.children(of: id) }
        #expect(throws: expected) { try Self.index.leaves(of: id, limit: .max) }
        #expect(throws: expected) { try Self.index.leaves(of: id, limit: 0) }
        #expect(throws: expected) { try Self.index.expansionZoom(of: id) }
    }

    @Test("the error says what happened and what to do")
    func errorMessageTeaches() {
        let error = UnknownClusterError(clusterID: ClusterID(rawValue: 99), pinCount: 6)
        #expect(error.description.contains("No cluster has id 99 in this index of 6 pins"))
        #expect(error.description.contains("ask for the clusters of the area again"))
    }

    @Test("zooms outside the levels are clamped", arguments: [Int.min, -1, 17, 18, Int.max])
    func zoomsAreClamped(zoom: Int) {
        let nearest = zoom < 0 ? ClusteringParameters.minZoom : ClusteringParameters.maxZoom + 1
        #expect(Self.index.clusters(in: .world, zoom: zoom) == Self.index.clusters(in: .world, zoom: nearest))
    }

    @Test("pins with coordinates out of range are left out")
    func outOfRangePinsAreLeftOut() {
        let index = PinClusterIndex(points: [
            PinLocation(id: "kept", longitude: 180, latitude: -90),
            PinLocation(id: "nan", longitude: .nan, latitude: 0),
            PinLocation(id: "infinite", longitude: 0, latitude: .infinity),
            PinLocation(id: "east of 180", longitude: 190, latitude: 0),
            PinLocation(id: "north of 90", longitude: 0, latitude: 91),
        ])
        #expect(index.pinCount == 1)
        #expect(index.clusters(in: .world, zoom: 3) == [.pin(PinLocation(id: "kept", longitude: 180, latitude: -90))])
    }

    @Test(
        "boxes with NaN or infinite edges do not crash",
        arguments: [
            BoundingBox(west: .nan, south: 0, east: 10, north: 10),
            BoundingBox(west: 0, south: .nan, east: 10, north: 10),
            BoundingBox(west: -.infinity, south: -90, east: .infinity, north: 90),
            BoundingBox(west: 10, south: 10, east: 0, north: 0),
        ]
    )
    func oddBoxesDoNotCrash(box: BoundingBox) {
        _ = Self.index.clusters(in: box, zoom: 3)
    }

    @Test("an empty index answers with nothing")
    func emptyIndex() {
        let index = PinClusterIndex<String>(points: [])
        #expect(index.clusters(in: .world, zoom: 0).isEmpty)
        #expect(throws: UnknownClusterError.self) { try index.children(of: ClusterID(rawValue: 1)) }
    }
}
