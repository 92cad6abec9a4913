/// A query area in degrees, in GeoJSON's `[west, south, east, north]` order.
///
/// `west > east` (after wrapping) means the box crosses the antimeridian, as in api.md §5.1's
/// Fiji example `177,-20,-178,-16`; a span of 360° or more is the whole world. The values are
/// taken as given and normalised only when queried, the way supercluster's `getClusters` does.
public struct BoundingBox: Sendable, Hashable {
    /// Western edge in degrees; any value, wrapped into −180…180 when queried.
    public var west: Double
    /// Southern edge in degrees; clamped into −90…90 when queried.
    public var south: Double
    /// Eastern edge in degrees; any value, wrapped into −180…180 (180 stays 180) when queried.
    public var east: Double
    /// Northern edge in degrees; clamped into −90…90 when queried.
    public var north: Double

    /// Creates a box from its edges in GeoJSON order.
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The whole world.
    public static let world = BoundingBox(west: -180, south: -90, east: 180, north: 90)
}
