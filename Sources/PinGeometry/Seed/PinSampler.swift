import SeededRandom
import Foundation

/// Points drawn uniformly by area from a disk, a box or the whole globe, on the sphere of
/// `Haversine.earthRadius`, rounded to api.md §1's 6 decimals.
///
/// Uniform by area on a sphere means the sine of the latitude, not the latitude, is uniform, and
/// within a disk the cap area below the distance is: these formulas hold at any latitude, so the
/// 20 km disk of Longyearbyen (78° N) is as even as Sydney's.
///
/// The trigonometry is Foundation's, so a seed gives the same pins on every run and machine of one
/// platform. Apple's libm and glibc may differ in a last bit, which changes a 6-decimal coordinate
/// only if it lies within about 1e-14° of a rounding boundary (odds near 1e-8 per coordinate).
enum PinSampler {
    /// How far inside its radius a disk's points are drawn, in metres: rounding to 6 decimals moves
    /// a point by at most 0.06 m, so none can be pushed past the radius it was drawn in.
    static let roundingMargin = 1.0

    /// A point within `radius` metres of `center`: two draws, distance then bearing.
    ///
    /// The cap of angular radius d has area 2πR²(1 − cos d) = 4πR² sin²(d/2), so drawing sin(d/2) as
    /// √u · sin(ρ/2) makes every area equally likely (for small disks: r = ρ√u). The point is then
    /// placed with the spherical destination-point formula (initial bearing θ, angular distance d).
    static func pointInDisk(center: Coordinate, radius: Double, random: inout SplitMix64) -> Coordinate {
        let maximumAngle = (radius - roundingMargin) / Haversine.earthRadius
        let angle = 2 * asin(random.unit().squareRoot() * sin(maximumAngle / 2))
        let bearing = 2 * Double.pi * random.unit()
        let latitude = center.latitude.radians
        let sinLatitude = sin(latitude) * cos(angle) + cos(latitude) * sin(angle) * cos(bearing)
        let longitudeOffset = atan2(
            sin(bearing) * sin(angle) * cos(latitude),
            cos(angle) - sin(latitude) * sinLatitude
        )
        return rounded(latitude: asin(sinLatitude).degrees, longitude: center.longitude + longitudeOffset.degrees)
    }

    /// A point inside `box`, across the antimeridian if it crosses it: two draws, longitude (uniform
    /// over the wrapped span) then latitude (uniform in sine).
    static func pointInBox(_ box: BoundingBox, random: inout SplitMix64) -> Coordinate {
        let span = box.spansAllLongitudes ? 360 : (box.east - box.west + 360).truncatingRemainder(dividingBy: 360)
        let longitude = box.west + span * random.unit()
        let lowSine = sin(box.south.radians)
        let highSine = sin(box.north.radians)
        let latitude = asin(lowSine + (highSine - lowSine) * random.unit()).degrees
        return rounded(latitude: min(box.north, max(box.south, latitude)), longitude: longitude)
    }

    /// A point anywhere on the globe.
    static func pointOnGlobe(random: inout SplitMix64) -> Coordinate {
        pointInBox(BoundingBox(unwrappedWest: -180, south: -90, unwrappedEast: 180, north: 90), random: &random)
    }

    /// The coordinate at 6 decimals, its longitude in [−180, 180).
    ///
    /// The longitude wraps before rounding, since subtracting 360 from a rounded value would bring
    /// back binary noise (−178.50564099999997); only 180 itself can come out of the rounding, and
    /// wrapping that is exact.
    private static func rounded(latitude: Double, longitude: Double) -> Coordinate {
        Coordinate(
            latitude: (latitude * 1e6).rounded() / 1e6,
            longitude: Longitude.wrapped((Longitude.wrapped(longitude) * 1e6).rounded() / 1e6)
        )
    }
}
