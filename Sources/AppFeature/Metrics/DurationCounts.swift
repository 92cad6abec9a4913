/// One series of a duration histogram on `AppMetrics.durationBuckets`, as plain integers.
///
/// Recorded on the request path (every answer, every repository call), so a duration is placed by
/// comparing its attoseconds — `Duration`'s own representation, read without converting it — with
/// each bound until one holds it; most answers stop at the first. swift-prometheus' `Histogram`
/// compared every duration with all sixteen bounds through `Duration`'s `<` under a lock of its
/// own: ~730 instructions a request (BENCHMARKS.md, forty-third run).
struct DurationCounts: Sendable, Equatable {
    /// Observations in each bucket, not cumulative: index `i` holds those over bound `i - 1` and at
    /// most bound `i`; the last index, those over every bound.
    private(set) var perBucket = [Int](repeating: 0, count: Self.bounds.count + 1)
    /// How many observations there are.
    private(set) var count = 0
    /// The observations' total (a negative duration counts as zero).
    private var sumAttoseconds: Int128 = 0

    /// The upper bounds, ascending.
    private static let bounds: [Int128] = AppMetrics.durationBuckets.map(\.attoseconds)

    /// The upper bounds in whole nanoseconds, for the exposition.
    static var boundNanoseconds: [Int] { bounds.map { Int($0 / 1_000_000_000) } }

    /// The observations' total in whole nanoseconds, at most `Int.max`.
    var sumNanoseconds: Int { Int(clamping: sumAttoseconds / 1_000_000_000) }

    /// Counts one observation of `duration`.
    mutating func record(_ duration: Duration) {
        let value = max(0, duration.attoseconds)
        let bounds = Self.bounds
        var bucket = 0
        while bucket < bounds.count, value > bounds[bucket] { bucket += 1 }
        perBucket[bucket] += 1
        add(value)
        count += 1
    }

    /// Adds `other`'s observations to these.
    mutating func add(_ other: DurationCounts) {
        for index in perBucket.indices { perBucket[index] += other.perBucket[index] }
        add(other.sumAttoseconds)
        count += other.count
    }

    /// Adds `attoseconds` to the total, which stops at the largest rather than wrapping to a
    /// negative sum (it would take ~5 × 10^12 years of requests).
    private mutating func add(_ attoseconds: Int128) {
        let (sum, overflow) = sumAttoseconds.addingReportingOverflow(attoseconds)
        sumAttoseconds = overflow ? .max : sum
    }
}
