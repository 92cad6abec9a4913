import PinClusters
import Testing

/// Six pins whose clusters can be worked out on paper by following supercluster's algorithm.
///
/// Derivation. At zoom z the radius is 40 / (512 · 2^z) of the world, 28.125° / 2^z of longitude;
/// near the equator Web Mercator's y moves like x, so 0.01° of latitude is 0.01° of distance too.
/// Sorted by id the pins are rows 0…5: a (0, 0), b (0.01, 0), c (0.5, 0), d (0.5, 0.01),
/// e (100, 40), f (−120, −45); e and f are tens of degrees from everything, so they stay alone.
/// - Zoom 12 and finer: radius ≤ 0.0069° < 0.01°, so six pins.
/// - Zoom 11: radius 0.0137°. Row 0 (a) takes b: id (0 << 5) + (11 + 1) + 6 = 18, centroid
///   (0.005, 0). Row 2 (c) takes d: id (2 << 5) + 12 + 6 = 82, centroid (0.5, 0.005). The level
///   is [18, 82, e, f]. It stays so while the radius is below the 0.495° between the clusters,
///   down to zoom 6 (0.44°).
/// - Zoom 5: radius 0.88°. Row 0 (cluster 18) takes cluster 82: id (0 << 5) + (5 + 1) + 6 = 12,
///   4 points, centroid the mean of both weighted 2 and 2, (0.2525, 0.0025). The level is
///   [12, e, f] down to zoom 0, where the radius, 28.1°, still reaches nothing else.
/// Centroids are compared to 1e-4°: positions are kept as `Float` in Mercator units, ~2e-5°.
/// supercluster 8.0.1, run on the same six points, gives the same ids, counts, children, leaves
/// and expansion zooms, and centroids (0.0049996, 0), (0.5000067, 0.0049996), (0.2525032, 0.0024998).
@Suite("Agreement with supercluster on a case worked by hand")
struct HandCheckedTests {
    static let a = PinLocation(id: "a", longitude: 0, latitude: 0)
    static let b = PinLocation(id: "b", longitude: 0.01, latitude: 0)
    static let c = PinLocation(id: "c", longitude: 0.5, latitude: 0)
    static let d = PinLocation(id: "d", longitude: 0.5, latitude: 0.01)
    static let e = PinLocation(id: "e", longitude: 100, latitude: 40)
    static let f = PinLocation(id: "f", longitude: -120, latitude: -45)

    // Passed out of order: the index sorts by id.
    let index = PinClusterIndex(points: [f, d, a, e, c, b])

    @Test("zoom 12 shows the six pins")
    func zoom12ShowsSixPins() {
        #expect(
            index.clusters(in: .world, zoom: 12) == [Self.a, Self.b, Self.c, Self.d, Self.e, Self.f].map { .pin($0) })
    }

    @Test("zooms 6 to 11 show clusters 18 and 82 and the two far pins", arguments: 6...11)
    func zoom11ShowsTwoPairs(zoom: Int) throws {
        let features = index.clusters(in: .world, zoom: zoom)
        try #require(features.count == 4)
        expect(features[0], isCluster: 18, of: 2, at: (0.005, 0))
        expect(features[1], isCluster: 82, of: 2, at: (0.5, 0.005))
        #expect(features[2] == .pin(Self.e))
        #expect(features[3] == .pin(Self.f))
    }

    @Test("zooms 0 to 5 show cluster 12 and the two far pins", arguments: 0...5)
    func zoom5ShowsOneCluster(zoom: Int) throws {
        let features = index.clusters(in: .world, zoom: zoom)
        try #require(features.count == 3)
        expect(features[0], isCluster: 12, of: 4, at: (0.2525, 0.0025))
        #expect(features[1] == .pin(Self.e))
        #expect(features[2] == .pin(Self.f))
    }

    @Test("the hierarchy under cluster 12")
    func hierarchyUnderCluster12() throws {
        let children = try index.children(of: ClusterID(rawValue: 12))
        try #require(children.count == 2)
        expect(children[0], isCluster: 18, of: 2, at: (0.005, 0))
        expect(children[1], isCluster: 82, of: 2, at: (0.5, 0.005))
        #expect(try index.children(of: ClusterID(rawValue: 18)) == [.pin(Self.a), .pin(Self.b)])
        #expect(try index.leaves(of: ClusterID(rawValue: 12), limit: .max) == [Self.a, Self.b, Self.c, Self.d])
        #expect(try index.leaves(of: ClusterID(rawValue: 12), limit: 2, offset: 1) == [Self.b, Self.c])
        #expect(try index.expansionZoom(of: ClusterID(rawValue: 12)) == 6)
        #expect(try index.expansionZoom(of: ClusterID(rawValue: 18)) == 12)
        #expect(try index.expansionZoom(of: ClusterID(rawValue: 82)) == 12)
    }

    private func expect(
        _ feature: ClusterFeature<String>,
        isCluster rawID: Int,
        of pointCount: Int,
        at position: (longitude: Double, latitude: Double),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .cluster(let cluster) = feature else {
            Issue.record("expected cluster \(rawID), got \(feature)", sourceLocation: sourceLocation)
            return
        }
        #expect(cluster.id == ClusterID(rawValue: rawID), sourceLocation: sourceLocation)
        #expect(cluster.pointCount == pointCount, sourceLocation: sourceLocation)
        #expect(abs(cluster.longitude - position.longitude) < 1e-4, sourceLocation: sourceLocation)
        #expect(abs(cluster.latitude - position.latitude) < 1e-4, sourceLocation: sourceLocation)
    }
}
