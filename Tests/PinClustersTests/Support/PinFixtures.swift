import SeededRandom
import Foundation
import PinClusters

/// The seeded pin sets the suites share: 2,800 pins over six cities, and the same with 3,000
/// pins spread over the whole world.
enum PinFixtures {
    /// A city's pins: uniform over a disc of `radiusKilometres` around the centre.
    struct City {
        var name: String
        var latitude: Double
        var longitude: Double
        var radiusKilometres: Double
        var count: Int
    }

    static let cities = [
        City(name: "Tokyo", latitude: 35.6812, longitude: 139.7671, radiusKilometres: 15, count: 600),
        City(name: "San Francisco", latitude: 37.7793, longitude: -122.4193, radiusKilometres: 12, count: 500),
        City(name: "London", latitude: 51.5072, longitude: -0.1276, radiusKilometres: 15, count: 500),
        City(name: "Sydney", latitude: -33.8688, longitude: 151.2093, radiusKilometres: 15, count: 450),
        City(name: "Longyearbyen", latitude: 78.2232, longitude: 15.6267, radiusKilometres: 20, count: 350),
    ]

    /// api.md §5.1's Fiji box, which crosses the antimeridian; Suva's pins fill it.
    static let fiji = BoundingBox(west: 177, south: -20, east: -178, north: -16)
    static let suvaCount = 400

    static var cityPins: [PinLocation<String>] { cityFixture.pins }
    static var suvaIDs: Set<String> { cityFixture.suvaIDs }

    private static let cityFixture: (pins: [PinLocation<String>], suvaIDs: Set<String>) = {
        var generator = SplitMix64(seed: 2_800)
        var pins: [PinLocation<String>] = []
        for city in cities {
            for _ in 0..<city.count {
                pins.append(pin(near: city, using: &generator))
            }
        }
        let suva = suvaPins(using: &generator)
        return (pins + suva, Set(suva.map(\.id)))
    }()

    static let cityAndWorldPins: [PinLocation<String>] = {
        var generator = SplitMix64(seed: 3_000)
        let world = (0..<3_000).map { _ in
            PinLocation(
                id: generator.nextUUIDString(),
                longitude: generator.nextDouble(in: -180...180),
                latitude: generator.nextDouble(in: -90...90)
            )
        }
        return cityPins + world
    }()

    static let cityIndex = PinClusterIndex(points: cityPins)
    static let cityAndWorldIndex = PinClusterIndex(points: cityAndWorldPins)

    private static func pin(near city: City, using generator: inout SplitMix64) -> PinLocation<String> {
        let bearing = generator.nextDouble(in: 0...(2 * .pi))
        let distance = city.radiusKilometres * generator.nextDouble(in: 0...1).squareRoot()
        let kilometresPerDegreeOfLatitude = 110.574
        let kilometresPerDegreeOfLongitude = 111.320 * cos(city.latitude * .pi / 180)
        return PinLocation(
            id: generator.nextUUIDString(),
            longitude: city.longitude + distance * sin(bearing) / kilometresPerDegreeOfLongitude,
            latitude: city.latitude + distance * cos(bearing) / kilometresPerDegreeOfLatitude
        )
    }

    /// Uniform over the Fiji box, 177° E to 178° W, written as −180…180 longitudes.
    private static func suvaPins(using generator: inout SplitMix64) -> [PinLocation<String>] {
        (0..<suvaCount).map { _ in
            let eastward = generator.nextDouble(in: 177...182)
            return PinLocation(
                id: generator.nextUUIDString(),
                longitude: eastward > 180 ? eastward - 360 : eastward,
                latitude: generator.nextDouble(in: -20...(-16))
            )
        }
    }
}
