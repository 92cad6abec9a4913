/// The markers of one zoom level as columns: supercluster's flat `data` array, one array per field.
///
/// Row `i` is a pin when `pointCounts[i] == 1`, and then `sourceIDs[i]` is its position among the
/// index's sorted pins; otherwise it is a cluster and `sourceIDs[i]` is its ``ClusterID`` raw value.
/// `parentIDs[i]` is the raw id of the cluster that took the row at the next coarser zoom, or -1.
struct ZoomRows: Sendable {
    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []
    private(set) var sourceIDs: [Int] = []
    private(set) var pointCounts: [Int] = []
    var parentIDs: [Int] = []

    var count: Int { xs.count }

    mutating func reserveCapacity(_ capacity: Int) {
        xs.reserveCapacity(capacity)
        ys.reserveCapacity(capacity)
        sourceIDs.reserveCapacity(capacity)
        pointCounts.reserveCapacity(capacity)
        parentIDs.reserveCapacity(capacity)
    }

    mutating func append(x: Double, y: Double, sourceID: Int, pointCount: Int) {
        xs.append(x)
        ys.append(y)
        sourceIDs.append(sourceID)
        pointCounts.append(pointCount)
        parentIDs.append(-1)
    }

    /// Carries `row` of `rows` unchanged to the next coarser level, where it gets a new parent.
    mutating func append(row: Int, of rows: ZoomRows) {
        append(x: rows.xs[row], y: rows.ys[row], sourceID: rows.sourceIDs[row], pointCount: rows.pointCounts[row])
    }
}
