/// The id of a cluster, encoded as supercluster encodes `cluster_id`.
///
/// It exists so that a client can name a cluster in a later request without the server storing
/// anything: `rawValue = (row << 5) + (zoom + 1) + pointCount`, where `row` is the position, in the
/// zoom `zoom + 1` level, of the point the cluster grew from, `zoom` the zoom it formed at, and
/// `pointCount` the number of pins in the index. So `(rawValue - pointCount) % 32` is the origin
/// level and `(rawValue - pointCount) >> 5` the origin row, and an id is only meaningful to the
/// index that produced it.
public struct ClusterID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The encoded number, as served in GeoJSON's `cluster_id`.
    public let rawValue: Int

    /// Wraps a number received from a client; ``PinClusterIndex`` checks it when it is used.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    init(originRow: Int, zoom: Int, pinCount: Int) {
        rawValue = (originRow << 5) + (zoom + 1) + pinCount
    }

    /// The raw value in decimal, as a client sends it back.
    public var description: String { String(rawValue) }
}
