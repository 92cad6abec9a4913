import SeededRandom

/// The seeded randomness of one request's controls: a range delay, `--latency`, `--fault-rate`.
///
/// Requests are numbered in arrival order (from 0, again after a reset), and each draw is a
/// SplitMix64 of the seed, the request's number and the draw's purpose, so the same sequence of
/// requests gets the same delays and failures on every run and machine, and changing one control
/// leaves the others' draws alone.
public struct RequestDraws: Sendable, Equatable {
    /// The seed (`--seed`, or the last reset's).
    public let seed: UInt64
    /// The request's number since start or the last reset.
    public let sequence: UInt64

    /// What a draw is for; each purpose is its own stream.
    public enum Purpose: UInt64, Sendable {
        case preferredDelay = 0xDE1A_0001
        case latency = 0xDE1A_0002
        case fault = 0xDE1A_0003
    }

    /// Creates the draws of request `sequence` under `seed`.
    public init(seed: UInt64, sequence: UInt64) {
        self.seed = seed
        self.sequence = sequence
    }

    /// A value in [0, 1) for `purpose`.
    public func unit(_ purpose: Purpose) -> Double {
        var random = generator(purpose)
        return random.unit()
    }

    /// An integer drawn uniformly from `range` (inclusive) for `purpose`.
    public func integer(in range: ClosedRange<Int>, for purpose: Purpose) -> Int {
        var random = generator(purpose)
        return random.int(in: range)
    }

    private func generator(_ purpose: Purpose) -> SplitMix64 {
        SplitMix64(seed: (seed ^ purpose.rawValue) &+ sequence &* 0x9E37_79B9_7F4A_7C15)
    }
}
