import Foundation

/// A snapped circle on the globe: the area of a `GET /pins?lat=&lon=&radius=` query (api.md §5.1).
///
/// The centre is rounded to 4 decimals and the radius up to a whole metre, so requests a few
/// metres apart become the same query, share a cache entry and an ETag. The circle carries its
/// bounding box, which the spatial index narrows with before the exact haversine test.
public struct CircleArea: Hashable, Sendable {
    /// The radius when the query names none, in metres.
    public static let defaultRadius = 1_000.0
    /// The largest radius a query may ask for, in metres.
    public static let maximumRadius = 50_000.0

    /// The snapped centre: 4 decimals.
    public let center: Coordinate
    /// The radius in whole metres, in (0, 50,000].
    public let radius: Double
    /// The smallest grid box holding the circle: `GeoJSON`'s `bbox` for a centre query.
    public let bounds: BoundingBox

    /// A circle around `center`, snapped; throws naming `lat`, `lon` or `radius` for a value that
    /// is not finite or lies out of range (latitude −90…90, longitude −180…180, radius (0, 50,000]).
    public init(center: Coordinate, radius: Double = defaultRadius) throws(PinQueryError) {
        try Self.validate(center: center, radius: radius)
        self.center = Coordinate(
            latitude: Snapping.nearest(center.latitude),
            longitude: Snapping.nearest(center.longitude)
        )
        self.radius = radius.rounded(.up)
        bounds = Self.bounds(center: self.center, radius: self.radius)
    }

    /// The haversine distance from the snapped centre to `coordinate`, in metres.
    public func distance(to coordinate: Coordinate) -> Double {
        Haversine.distance(center, coordinate)
    }

    /// Whether `coordinate` lies within `radius` of the snapped centre, the edge included.
    public func contains(_ coordinate: Coordinate) -> Bool {
        distance(to: coordinate) <= radius
    }

    /// The box api.md §5.2 describes: latitude ± r/R, longitude ± the widest offset on the circle.
    ///
    /// api.md writes that offset as (r/R)/cos lat, the flat-map approximation; the exact extent of a
    /// spherical cap is asin(sin(r/R)/cos lat) (Matuschek, "Finding Points Within a Distance of a
    /// Latitude/Longitude Using Bounding Coordinates"), never smaller, so the box can never cut off
    /// a pin the circle holds. The two agree to far below the 4-decimal grid except near the poles.
    /// A circle holding a pole (or whose offset reaches 90°) spans every longitude, its latitude
    /// clamped at the pole.
    static func bounds(center: Coordinate, radius: Double) -> BoundingBox {
        let angularRadius = radius / Haversine.earthRadius
        let latitudeOffset = angularRadius.degrees
        let south = center.latitude - latitudeOffset
        let north = center.latitude + latitudeOffset
        let longitudeRatio = sin(angularRadius) / cos(center.latitude.radians)
        guard north < 90, south > -90, longitudeRatio < 1 else {
            return BoundingBox(unwrappedWest: -180, south: south, unwrappedEast: 180, north: north)
        }
        let longitudeOffset = asin(longitudeRatio).degrees
        return BoundingBox(
            unwrappedWest: center.longitude - longitudeOffset,
            south: south,
            unwrappedEast: center.longitude + longitudeOffset,
            north: north
        )
    }

    private static func validate(center: Coordinate, radius: Double) throws(PinQueryError) {
        try PinQueryError.checkFinite(center.latitude, parameter: .lat)
        try PinQueryError.checkFinite(center.longitude, parameter: .lon)
        try PinQueryError.checkFinite(radius, parameter: .radius)
        guard (-90...90).contains(center.latitude) else {
            throw PinQueryError(.lat, .outOfRange, "lat must lie from -90 to 90 degrees; got \(center.latitude).")
        }
        guard (-180...180).contains(center.longitude) else {
            throw PinQueryError(.lon, .outOfRange, "lon must lie from -180 to 180 degrees; got \(center.longitude).")
        }
        guard radius > 0, radius <= maximumRadius else {
            throw PinQueryError(
                .radius,
                .outOfRange,
                "radius must be more than 0 and at most 50000 metres; got \(radius). Leave it out for 1000."
            )
        }
    }
}
