/// A box's longitudes as one range, or two when it is split at the antimeridian.
///
/// Both `BoundingBox.contains` and the spatial index read the box through this one value, so the
/// brute-force test and the index cannot disagree about an edge.
struct LongitudeRanges {
    let first: ClosedRange<Double>
    let second: ClosedRange<Double>?

    init(_ first: ClosedRange<Double>, _ second: ClosedRange<Double>? = nil) {
        self.first = first
        self.second = second
    }

    /// Whether a wrapped longitude in [−180, 180) falls in either range.
    func contains(_ longitude: Double) -> Bool {
        first.contains(longitude) || second?.contains(longitude) == true
    }

    /// The ranges in order, for a search that visits each.
    var all: [ClosedRange<Double>] {
        second.map { [first, $0] } ?? [first]
    }
}
