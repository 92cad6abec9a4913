public import PinGeometry

/// Which pins a new database is filled with: the demo's 2,800 (api.md §7), or a million for
/// measuring how the spatial index scales (`counterpart seed --dataset pins-1m`).
///
/// The million keeps the demo pins, so the Tokyo and Suva examples answer as on the demo dataset,
/// and adds 997,200 drawn uniformly by area over the globe from the same seed.
public enum PinDataset: Sendable {
    case demo
    case million

    /// The pins, deterministic from `seed`.
    public func pins(seed: UInt64) -> [MapPin] {
        switch self {
        case .demo:
            PinSeed.demo(seed: seed)
        case .million:
            PinSeed.demo(seed: seed) + PinSeed.random(count: 1_000_000 - PinSeed.demoPinCount, seed: seed)
        }
    }
}

extension PinDataset {
    /// The dataset a store holding `held` pins regenerates: the million if it holds it, the
    /// configured one if it holds none yet, else the demo's.
    init(holding held: Int, else configured: PinDataset) {
        self = held > PinSeed.demoPinCount ? .million : held == 0 ? configured : .demo
    }
}
