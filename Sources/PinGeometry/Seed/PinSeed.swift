import SeededRandom

/// The seeded map pins: the `demo` dataset's 2,800 (api.md §7) and a large benchmark set.
///
/// Deterministic from the seed: each dataset draws from its own SplitMix64 stream, the seed XOR a
/// constant, as `RepositorySeed` derives its stream (`seed ^ 0x5EA4_C4E5`), so changing one
/// generator leaves the other domains alone. Each pin takes eight draws in a fixed order: its id
/// (two), category, adjective, noun, neighbourhood, then its position (two).
public enum PinSeed {
    /// How many pins the demo dataset holds, the six anchors included.
    public static let demoPinCount = 2_800
    /// XORed into the seed for the demo pins' stream.
    static let demoStream: UInt64 = 0xC17E_5EED
    /// XORed into the seed for the benchmark pins' stream.
    static let benchmarkStream: UInt64 = 0xBE4C_5EED

    /// The demo pins for `seed` (default 1): per city of `SeedCity.demo` its anchor, then the rest
    /// of its count drawn uniformly by area from its region. Anchors are the same for every seed.
    public static func demo(seed: UInt64 = 1) -> [MapPin] {
        var random = SplitMix64(seed: seed ^ demoStream)
        var pins: [MapPin] = []
        pins.reserveCapacity(demoPinCount)
        for city in SeedCity.demo {
            pins.append(city.anchor)
            let subtitles = city.neighbourhoods.map { "\($0), \(city.name)" }
            for _ in 1..<city.pinCount {
                pins.append(makePin(subtitles: subtitles, random: &random) { random in city.randomPoint(&random) })
            }
        }
        return pins
    }

    /// `count` pins spread over the whole globe uniformly by area, without subtitles: a dataset for
    /// measuring the index and the backends at scale (a million pins is the benchmark size).
    public static func random(count: Int, seed: UInt64) -> [MapPin] {
        var random = SplitMix64(seed: seed ^ benchmarkStream)
        return (0..<count).map { _ in
            makePin(subtitles: [nil], random: &random) { random in PinSampler.pointOnGlobe(random: &random) }
        }
    }

    private static func makePin(
        subtitles: [String?],
        random: inout SplitMix64,
        position: (inout SplitMix64) -> Coordinate
    ) -> MapPin {
        let id = random.uuidString()
        let category = random.pick(PinCategory.allCases)
        let title = random.pick(PinWords.adjectives) + " " + random.pick(PinWords.nouns(for: category))
        let subtitle = random.pick(subtitles)
        let coordinate = position(&random)
        return MapPin(
            id: id,
            title: title,
            subtitle: subtitle,
            category: category,
            latitude: coordinate.latitude,
            longitude: coordinate.longitude
        )
    }
}
