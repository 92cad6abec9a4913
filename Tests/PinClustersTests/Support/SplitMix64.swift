/// Vigna's SplitMix64: a tiny seeded generator, so that fixtures are the same on every run and
/// platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform value in `range`, from the top 53 bits of one draw; unlike
    /// `Double.random(in:using:)` its derivation is fixed here.
    mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// A random version-4 UUID string, lower case.
    mutating func nextUUIDString() -> String {
        let high = next()
        let low = next()
        func hex(_ value: UInt64, digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return [
            hex(high >> 32, digits: 8),
            hex((high >> 16) & 0xFFFF, digits: 4),
            hex(0x4000 | (high & 0x0FFF), digits: 4),
            hex(0x8000 | ((low >> 48) & 0x3FFF), digits: 4),
            hex(low & 0xFFFF_FFFF_FFFF, digits: 12),
        ].joined(separator: "-")
    }
}
