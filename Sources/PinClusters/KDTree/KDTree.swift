/// A static 2-D KD-tree over points in ``WebMercator`` space, laid out flat as kdbush lays it out.
///
/// There are no node objects: `slots` holds each point as `Float`s (kdbush's `Float32Array`, as
/// supercluster configures it) beside the position it had in the input. They are reordered in
/// place, by selecting medians on alternating axes, until every run of at most ``nodeSize`` items
/// is a leaf; a search then walks index ranges with an explicit stack. Depth is
/// log2(n / nodeSize), so nothing recurses on the input's size.
///
/// kdbush keeps the coordinates and the positions in two arrays. Here they share a slot: a search
/// that matches a point, and a selection that swaps two, touch one cache line instead of two, and
/// over a million pins the tree is read in an order no cache predicts. Building the million-pin
/// index spent a fifth of its time waiting for the separate positions (BENCHMARKS.md).
struct KDTree: Sendable {
    /// The longest run of items searched linearly instead of split further.
    static let nodeSize = 64

    /// The items in tree order.
    private(set) var slots: [KDTreeSlot]

    /// Indexes the points `(xs[i], ys[i])`, whose positions `i` the searches report.
    ///
    /// Supports up to `Int32.max` points; a larger input could not be held in memory anyway.
    init(xs: [Double], ys: [Double]) {
        slots = []
        slots.reserveCapacity(xs.count)
        for (position, (x, y)) in zip(xs, ys).enumerated() {
            slots.append(KDTreeSlot(x: Float(x), y: Float(y), position: Int32(truncatingIfNeeded: position)))
        }
        slots.withUnsafeMutableBufferPointer { KDTreeSlots(slots: $0).sortIntoTree() }
    }
}

/// One item of a ``KDTree``: its point, rounded to `Float`, and its position in the input.
struct KDTreeSlot: Sendable {
    var x: Float
    var y: Float
    var position: Int32

    func coordinate(onAxis axis: Int) -> Float {
        axis == 0 ? x : y
    }
}

/// A closed range of slots `left...right` whose median splits on `axis` (0 for x, 1 for y).
struct TreeRange {
    var left: Int
    var right: Int
    var axis: Int
}
