import Foundation

/// Great-circle distance on a sphere of the IUGG mean Earth radius: `distanceMeters` of api.md §5.
///
/// One function for every backend, so in-memory, SQLite and PostgreSQL rank pins identically
/// (architecture.md §4.4: "the engine narrows, Swift decides").
public enum Haversine {
    /// The mean Earth radius R₁ = 6,371,008.8 m that api.md §5.1 prescribes.
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance in metres between `first` and `second`.
    ///
    /// The haversine form stays accurate for the short distances map queries use, where the
    /// spherical law of cosines loses digits.
    public static func distance(_ first: Coordinate, _ second: Coordinate) -> Double {
        let firstLatitude = first.latitude.radians
        let secondLatitude = second.latitude.radians
        let halfLatitudeDelta = (second.latitude - first.latitude).radians / 2
        let halfLongitudeDelta = (second.longitude - first.longitude).radians / 2
        let sinHalfLatitude = sin(halfLatitudeDelta)
        let sinHalfLongitude = sin(halfLongitudeDelta)
        let haversine =
            sinHalfLatitude * sinHalfLatitude
            + cos(firstLatitude) * cos(secondLatitude) * sinHalfLongitude * sinHalfLongitude
        return 2 * earthRadius * asin(min(1, haversine.squareRoot()))
    }
}
