/// A static 2-D KD-tree over points in ``WebMercator`` space, laid out flat as kdbush lays it out.
///
/// There are no node objects: `coordinates` holds `x, y` pairs as `Float` (kdbush's
/// `Float32Array`, as supercluster configures it) and `itemIndices` the position each pair had
/// in the input. Both are reordered in place, by selecting medians on alternating axes, until
/// every run of at most ``nodeSize`` items is a leaf; a search then walks index ranges with an
/// explicit stack. Depth is log2(n / nodeSize), so nothing recurses on the input's size.
struct KDTree: Sendable {
    /// The longest run of items searched linearly instead of split further.
    static let nodeSize = 64

    /// The input position of the item stored at each slot.
    private(set) var itemIndices: [Int32]
    /// `x, y` of the item stored at each slot, interleaved.
    private(set) var coordinates: [Float]

    /// Indexes the points `(xs[i], ys[i])`, whose positions `i` the searches report.
    ///
    /// Supports up to `Int32.max` points; a larger input could not be held in memory anyway.
    init(xs: [Double], ys: [Double]) {
        itemIndices = Array(0..<Int32(truncatingIfNeeded: xs.count))
        coordinates = []
        coordinates.reserveCapacity(xs.count * 2)
        for (x, y) in zip(xs, ys) {
            coordinates.append(Float(x))
            coordinates.append(Float(y))
        }
        itemIndices.withUnsafeMutableBufferPointer { itemIndices in
            coordinates.withUnsafeMutableBufferPointer { coordinates in
                KDTreeSlots(itemIndices: itemIndices, coordinates: coordinates).sortIntoTree()
            }
        }
    }
}

/// A closed range of slots `left...right` whose median splits on `axis` (0 for x, 1 for y).
struct TreeRange {
    var left: Int
    var right: Int
    var axis: Int
}
