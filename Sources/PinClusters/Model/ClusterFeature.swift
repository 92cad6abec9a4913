/// One marker on the map at some zoom: a pin on its own or a cluster of pins.
///
/// It is what ``PinClusterIndex/clusters(in:zoom:)`` and ``PinClusterIndex/children(of:)``
/// return, mirroring supercluster's mix of input points and cluster features.
public enum ClusterFeature<ID: Comparable & Sendable>: Sendable, Equatable {
    /// A pin that no cluster took at this zoom, exactly as it was indexed.
    case pin(PinLocation<ID>)
    /// Two or more pins drawn as one.
    case cluster(PinCluster)

    /// How many pins the marker stands for: 1 for a pin.
    public var pointCount: Int {
        switch self {
        case .pin: 1
        case .cluster(let cluster): cluster.pointCount
        }
    }

    /// Degrees east of the marker.
    public var longitude: Double {
        switch self {
        case .pin(let pin): pin.longitude
        case .cluster(let cluster): cluster.longitude
        }
    }

    /// Degrees north of the marker.
    public var latitude: Double {
        switch self {
        case .pin(let pin): pin.latitude
        case .cluster(let cluster): cluster.latitude
        }
    }
}

extension ClusterFeature: Hashable where ID: Hashable {}
