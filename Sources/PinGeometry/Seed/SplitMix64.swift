/// SplitMix64, the seeded generator behind every seeded dataset (api.md §7).
///
/// The same algorithm and helpers as `RepoSearchFeature`'s public `SplitMix64`, kept internal here
/// so this module stands alone; when the module joins the server it should use the shared one.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator for `seed`.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1 with 53 random bits, the same on every platform.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// One of `choices`, which must not be empty.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(next() % UInt64(choices.count))]
    }
}
