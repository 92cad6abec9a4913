/// A group of nearby pins shown as one marker at one zoom.
///
/// It carries what api.md §5.2 serves for a cluster (`cluster_id`, `point_count`,
/// `point_count_abbreviated`) and where to draw it: the centroid of its pins in Web Mercator,
/// weighted by point count, projected back to degrees.
public struct PinCluster: Sendable, Hashable {
    /// The id to pass to ``PinClusterIndex/leaves(of:limit:offset:)`` and friends.
    public var id: ClusterID
    /// How many pins the cluster holds; at least ``ClusteringParameters/minimumPoints``.
    public var pointCount: Int
    /// Degrees east of the centroid.
    public var longitude: Double
    /// Degrees north of the centroid.
    public var latitude: Double

    /// Creates a cluster; ``PinClusterIndex`` is the only producer outside tests.
    public init(id: ClusterID, pointCount: Int, longitude: Double, latitude: Double) {
        self.id = id
        self.pointCount = pointCount
        self.longitude = longitude
        self.latitude = latitude
    }

    /// ``pointCount`` as supercluster abbreviates it: `"1.2k"` from 1,000, `"12k"` from 10,000
    /// (so a million is `"1000k"`), the plain number below 1,000.
    public var pointCountAbbreviated: String {
        if pointCount >= 10_000 {
            return "\((pointCount + 500) / 1_000)k"
        }
        if pointCount >= 1_000 {
            let tenths = (pointCount + 50) / 100
            return tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k"
        }
        return String(pointCount)
    }
}
