/// A pin as the clustering sees it: a stable, comparable id and a WGS 84 position.
///
/// The id exists so that clustering is deterministic: ``PinClusterIndex`` sorts its input by id
/// before building, so the same pins give the same clusters in any order. Leaves and unclustered
/// results hand back these values unchanged, so the caller can look the full pin up by id.
public struct PinLocation<ID: Comparable & Sendable>: Sendable, Equatable {
    /// The pin's id, unique within one index (a UUID string for Counterpart's pins).
    public var id: ID
    /// Degrees east, −180…180.
    public var longitude: Double
    /// Degrees north, −90…90.
    public var latitude: Double

    /// Creates a pin location.
    public init(id: ID, longitude: Double, latitude: Double) {
        self.id = id
        self.longitude = longitude
        self.latitude = latitude
    }
}

extension PinLocation: Hashable where ID: Hashable {}
