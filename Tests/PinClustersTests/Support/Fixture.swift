import PinClusters
import Testing

/// The pin sets that parameterised tests run over.
enum Fixture: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case cities
    case citiesAndWorld

    var pins: [PinLocation<String>] {
        switch self {
        case .cities: PinFixtures.cityPins
        case .citiesAndWorld: PinFixtures.cityAndWorldPins
        }
    }

    var index: PinClusterIndex<String> {
        switch self {
        case .cities: PinFixtures.cityIndex
        case .citiesAndWorld: PinFixtures.cityAndWorldIndex
        }
    }

    var testDescription: String {
        switch self {
        case .cities: "2,800 pins in six cities"
        case .citiesAndWorld: "2,800 city pins and 3,000 over the world"
        }
    }
}

/// Every zoom that has its own level, the all-pins one included.
let allZooms = Array(ClusteringParameters.minZoom...ClusteringParameters.maxZoom + 1)
