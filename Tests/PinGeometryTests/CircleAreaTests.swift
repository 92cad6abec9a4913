import Foundation
import PinGeometry
import Testing

@Suite("Circles: snapping, bounds and the poles")
struct CircleAreaTests {
    @Test("snaps two centres 3 m apart to the same centre")
    func snappingCentres() throws {
        let first = Coordinate(latitude: 35.68120, longitude: 139.76710)
        let second = Coordinate(latitude: 35.68122, longitude: 139.76712)
        #expect(Haversine.distance(first, second) < 3)
        let firstCircle = try CircleArea(center: first, radius: 500)
        #expect(firstCircle == (try CircleArea(center: second, radius: 500)))
        #expect(firstCircle.center == Coordinate(latitude: 35.6812, longitude: 139.7671))
        #expect(
            try CircleArea(center: Coordinate(latitude: -33.86885, longitude: -0.12755)).center
                == Coordinate(latitude: -33.8689, longitude: -0.1276))
    }

    @Test(
        "rounds the radius up to a whole metre",
        arguments: [(0.2, 1.0), (999.01, 1_000), (1_000, 1_000), (49_999.5, 50_000)])
    func radius(given: Double, snapped: Double) throws {
        #expect(try CircleArea(center: Coordinate(latitude: 0, longitude: 0), radius: given).radius == snapped)
    }

    @Test("gives api.md §5.2's bbox for Tokyo Station at the default radius")
    func tokyoBounds() throws {
        let circle = try CircleArea(center: Coordinate(latitude: 35.6812, longitude: 139.7671))
        #expect(PinArea.circle(circle).geoJSONBoundingBox == [139.756, 35.6722, 139.7782, 35.6902])
    }

    @Test("holds a circle around the north pole: bounds reach 90° and span all longitudes")
    func northPole() throws {
        let circle = try CircleArea(center: Coordinate(latitude: 89.9, longitude: 0), radius: 50_000)
        #expect(circle.contains(Coordinate(latitude: 89.95, longitude: 180)))
        #expect(circle.contains(Coordinate(latitude: 90, longitude: 0)))
        #expect(circle.bounds.north == 90)
        #expect(circle.bounds.spansAllLongitudes)
        #expect(circle.bounds.south == 89.4503)
        #expect(circle.bounds.contains(Coordinate(latitude: 89.95, longitude: 180)))
    }

    @Test("holds circles at and around the south pole")
    func southPole() throws {
        let atPole = try CircleArea(center: Coordinate(latitude: -90, longitude: 0), radius: 1)
        #expect(atPole.bounds.south == -90 && atPole.bounds.spansAllLongitudes)
        let nearPole = try CircleArea(center: Coordinate(latitude: -89.99, longitude: 10), radius: 5_000)
        #expect(nearPole.bounds.spansAllLongitudes)
        #expect(nearPole.contains(Coordinate(latitude: -89.99, longitude: -170)))
    }

    /// api.md's (r/R)/cos lat underestimates how far east a circle reaches near a pole; every point
    /// on the circle must still lie in its bounds, or the index would miss pins the circle holds.
    @Test(
        "bounds hold the whole circle at every latitude", arguments: [0.0, 35.6812, 60, 78.2232, 85, 89, 89.5, -89.5])
    func boundsHoldTheCircle(latitude: Double) throws {
        for radius in [1.0, 1_000, 20_000, 50_000] {
            let circle = try CircleArea(center: Coordinate(latitude: latitude, longitude: 179.8), radius: radius)
            for bearing in stride(from: 0.0, to: 360, by: 0.5) {
                let point = destination(from: circle.center, metres: radius * (1 - 1e-6), bearing: bearing)
                #expect(circle.contains(point))
                #expect(circle.bounds.contains(point), "\(point) on a \(radius) m circle at \(latitude)°")
            }
        }
    }

    @Test("crosses the antimeridian: west > east")
    func antimeridian() throws {
        let circle = try CircleArea(center: Coordinate(latitude: -18.1416, longitude: 179.99), radius: 5_000)
        #expect(circle.bounds.crossesAntimeridian)
        #expect(circle.bounds.west > circle.bounds.east)
        #expect(circle.contains(Coordinate(latitude: -18.1416, longitude: -179.99)))
        #expect(circle.bounds.contains(Coordinate(latitude: -18.1416, longitude: -179.99)))
    }

    /// The point `metres` from `start` at initial `bearing` degrees: Veness's destination formula,
    /// written here independently of the module.
    private func destination(from start: Coordinate, metres: Double, bearing: Double) -> Coordinate {
        let delta = metres / 6_371_008.8
        let theta = bearing * .pi / 180
        let phi1 = start.latitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda = atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: start.longitude + lambda * 180 / .pi)
    }
}
