/// A place on the map, as `GET /pins` serves it (api.md §5), without the per-query distance.
///
/// A value type so repositories, caches and tests can compare and share pins freely.
public struct MapPin: Hashable, Sendable {
    /// A lowercase UUID (`8-4-4-4-12`).
    public var id: String
    public var title: String
    /// "Neighbourhood, City", or `nil`.
    public var subtitle: String?
    public var category: PinCategory
    /// Degrees, at most 6 decimals.
    public var latitude: Double
    /// Degrees, at most 6 decimals.
    public var longitude: Double

    /// A pin with every member given.
    public init(
        id: String,
        title: String,
        subtitle: String?,
        category: PinCategory,
        latitude: Double,
        longitude: Double
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.category = category
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Where the pin stands.
    public var coordinate: Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }
}
