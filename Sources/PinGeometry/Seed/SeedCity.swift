import SeededRandom

/// One city of the demo pins (api.md §7): its anchor pin, how many pins it has and where they lie.
///
/// Public so that tests, docs and a demo app can find the anchors and check the spread.
public struct SeedCity: Hashable, Sendable {
    /// Where a city's pins are drawn, uniformly by area.
    public enum Region: Hashable, Sendable {
        /// Within `radius` metres (haversine) of the anchor.
        case disk(radius: Double)
        /// Inside a box, which may cross the antimeridian.
        case box(BoundingBox)
    }

    /// The city's name, the end of every subtitle ("Ginza, Tokyo").
    public let name: String
    /// The pin at the city's centre, the same for every seed.
    public let anchor: MapPin
    /// The city's pins, the anchor included.
    public let pinCount: Int
    /// Where the other pins lie.
    public let region: Region
    /// The neighbourhoods subtitles are drawn from.
    let neighbourhoods: [String]

    /// A point drawn uniformly by area from the city's region (two draws).
    func randomPoint(_ random: inout SplitMix64) -> Coordinate {
        switch region {
        case .disk(let radius): PinSampler.pointInDisk(center: anchor.coordinate, radius: radius, random: &random)
        case .box(let box): PinSampler.pointInBox(box, random: &random)
        }
    }

    /// Whether `coordinate` lies in the city's region.
    public func contains(_ coordinate: Coordinate) -> Bool {
        switch region {
        case .disk(let radius): Haversine.distance(anchor.coordinate, coordinate) <= radius
        case .box(let box): box.contains(coordinate)
        }
    }
}
