/// The one area a `GET /pins` query asks about: a circle or a box (api.md §5.1).
///
/// The router builds it from the query, the repository executes it, and the response writer
/// takes the GeoJSON `bbox` from it: one value carries the snapped area through all three.
public enum PinArea: Hashable, Sendable {
    /// Pins within a radius of a centre, ordered by distance then id.
    case circle(CircleArea)
    /// Pins inside a box, ordered by id.
    case box(BoundingBox)

    /// The grid box around the area: the box itself, or the circle's bounds.
    public var bounds: BoundingBox {
        switch self {
        case .circle(let circle): circle.bounds
        case .box(let box): box
        }
    }

    /// The GeoJSON `bbox` member of the response, `[west, south, east, north]` (api.md §5.2).
    public var geoJSONBoundingBox: [Double] { bounds.geoJSON }

    /// Whether `coordinate` lies in the area: within the radius (haversine), or inside the box.
    public func contains(_ coordinate: Coordinate) -> Bool {
        switch self {
        case .circle(let circle): circle.contains(coordinate)
        case .box(let box): box.contains(coordinate)
        }
    }
}
