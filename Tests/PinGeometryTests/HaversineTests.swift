import Foundation
import PinGeometry
import Testing

@Suite("Haversine distance")
struct HaversineTests {
    /// Published great-circle distances, each on the radius its source used, rescaled to R₁.
    @Test(
        "matches published great-circle distances to 0.1 %",
        arguments: [
            // Rosetta Code, "Haversine formula" task: Nashville BNA (36.12, -86.67) to Los Angeles
            // LAX (33.94, -118.40) is 2886.44444283798 km on a 6371.0 km sphere.
            (
                Coordinate(latitude: 36.12, longitude: -86.67),
                Coordinate(latitude: 33.94, longitude: -118.40),
                2_886_444.442_837_98 * (6_371_008.8 / 6_371_000)
            ),
            // Chris Veness, movable-type.co.uk/scripts/latlong.html: Land's End (50°03′59″N,
            // 005°42′53″W) to John o' Groats (58°38′38″N, 003°04′12″W) is 968.9 km (R = 6,371 km).
            (
                Coordinate(latitude: 50 + 3 / 60.0 + 59 / 3600.0, longitude: -(5 + 42 / 60.0 + 53 / 3600.0)),
                Coordinate(latitude: 58 + 38 / 60.0 + 38 / 3600.0, longitude: -(3 + 4 / 60.0 + 12 / 3600.0)),
                968_900 * (6_371_008.8 / 6_371_000)
            ),
        ]
    )
    func publishedDistances(from: Coordinate, to: Coordinate, metres: Double) {
        let distance = Haversine.distance(from, to)
        #expect(abs(distance - metres) / metres < 0.001, "got \(distance) m, expected \(metres) m")
    }

    /// City pairs checked against the spherical law of cosines, an independent formula on the same
    /// sphere; at these lengths it agrees with the haversine form to far better than 0.1 %.
    @Test(
        "agrees with the spherical law of cosines between cities",
        arguments: [
            (
                "London–Paris", Coordinate(latitude: 51.5072, longitude: -0.1276),
                Coordinate(latitude: 48.8566, longitude: 2.3522)
            ),
            (
                "Tokyo–Sydney", Coordinate(latitude: 35.6812, longitude: 139.7671),
                Coordinate(latitude: -33.8688, longitude: 151.2093)
            ),
            (
                "San Francisco–Tokyo", Coordinate(latitude: 37.7793, longitude: -122.4193),
                Coordinate(latitude: 35.6812, longitude: 139.7671)
            ),
            (
                "Suva–Longyearbyen", Coordinate(latitude: -18.1416, longitude: 178.4419),
                Coordinate(latitude: 78.2232, longitude: 15.6267)
            ),
        ]
    )
    func lawOfCosines(pair: String, from: Coordinate, to: Coordinate) {
        let phi1 = from.latitude * .pi / 180
        let phi2 = to.latitude * .pi / 180
        let deltaLambda = (to.longitude - from.longitude) * .pi / 180
        let expected = acos(sin(phi1) * sin(phi2) + cos(phi1) * cos(phi2) * cos(deltaLambda)) * 6_371_008.8
        let distance = Haversine.distance(from, to)
        #expect(abs(distance - expected) / expected < 1e-9, "\(pair): \(distance) m vs \(expected) m")
    }

    @Test("measures meridian arcs as R times the angle")
    func meridianArcs() {
        let equator = Coordinate(latitude: 0, longitude: 10)
        let pole = Coordinate(latitude: 90, longitude: 10)
        let oneDegree = Coordinate(latitude: 1, longitude: 10)
        #expect(abs(Haversine.distance(equator, pole) - .pi / 2 * 6_371_008.8) < 1e-6)
        #expect(abs(Haversine.distance(equator, oneDegree) - .pi / 180 * 6_371_008.8) < 1e-6)
        #expect(Haversine.distance(equator, equator) == 0)
    }

    @Test("crosses the antimeridian the short way")
    func antimeridian() {
        let west = Coordinate(latitude: 0, longitude: 179.5)
        let east = Coordinate(latitude: 0, longitude: -179.5)
        #expect(abs(Haversine.distance(west, east) - .pi / 180 * 6_371_008.8) < 1e-6)
    }
}
