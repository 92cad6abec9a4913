/// A point on the globe in WGS 84 degrees: what a pin stands on and a circle is centred on.
///
/// A plain pair with no validation, so it can hold anything a caller or a backend hands over; the
/// parsers (`PinQuery`) and the areas decide which values are acceptable.
public struct Coordinate: Hashable, Sendable {
    /// Degrees north of the equator, −90…90.
    public var latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public var longitude: Double

    /// A coordinate at `latitude`, `longitude` (degrees).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
