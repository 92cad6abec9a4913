/// A static 2-d tree over longitude and latitude in flat arrays, after kdbush
/// (github.com/mourner/kdbush): the points are reordered so that each range's middle element
/// splits it, alternately by longitude and by latitude, down to leaves of `nodeSize` points.
///
/// Building and searching walk an explicit stack, not recursion, so no input can exhaust the call
/// stack. Building takes O(n log n) expected time; a range search visits O(√n + k) points.
/// Longitudes are stored wrapped into [−180, 180). Coordinates must be finite: a NaN is never found.
struct KDTree: Sendable {
    /// Points per leaf, which is scanned instead of split further (kdbush's default).
    static let nodeSize = 64

    /// Longitudes in tree order.
    private(set) var longitudes: [Double]
    /// Latitudes in tree order.
    private(set) var latitudes: [Double]
    /// For each tree position, the index of the point in the input.
    private(set) var inputIndices: [Int]

    /// The tree over `coordinates`.
    init(_ coordinates: [Coordinate]) {
        longitudes = coordinates.map { Longitude.wrapped($0.longitude) }
        latitudes = coordinates.map(\.latitude)
        inputIndices = Array(coordinates.indices)
        var pending = [Node(left: 0, right: coordinates.count - 1, splitsByLongitude: true)]
        while let node = pending.popLast() {
            guard node.right - node.left > Self.nodeSize else { continue }
            select(node.middle, in: node)
            pending.append(node.leftChild)
            pending.append(node.rightChild)
        }
    }

    /// The coordinate at tree position `position`, its longitude wrapped.
    func coordinate(at position: Int) -> Coordinate {
        Coordinate(latitude: latitudes[position], longitude: longitudes[position])
    }

    /// Calls `visit` with the tree position of every point inside both ranges, edges included.
    func search(
        longitudes longitudeRange: ClosedRange<Double>,
        latitudes latitudeRange: ClosedRange<Double>,
        visit: (Int) -> Void
    ) {
        func isInside(_ position: Int) -> Bool {
            longitudeRange.contains(longitudes[position]) && latitudeRange.contains(latitudes[position])
        }
        var pending = [Node(left: 0, right: inputIndices.count - 1, splitsByLongitude: true)]
        while let node = pending.popLast() {
            if node.right - node.left <= Self.nodeSize {
                for position in stride(from: node.left, through: node.right, by: 1) where isInside(position) {
                    visit(position)
                }
                continue
            }
            let middle = node.middle
            if isInside(middle) { visit(middle) }
            let key = node.splitsByLongitude ? longitudes[middle] : latitudes[middle]
            let range = node.splitsByLongitude ? longitudeRange : latitudeRange
            if range.lowerBound <= key { pending.append(node.leftChild) }
            if range.upperBound >= key { pending.append(node.rightChild) }
        }
    }

    /// Reorders `node`'s points so that position `k` holds the point that would be there if they
    /// were sorted by the node's axis, with no greater key before it and no smaller one after.
    ///
    /// Quickselect with Hoare partitioning around the median of three keys, in a loop: expected
    /// linear time, and equal keys (many pins on one spot) still split evenly.
    private mutating func select(_ k: Int, in node: Node) {
        let splitsByLongitude = node.splitsByLongitude
        func key(_ position: Int) -> Double {
            splitsByLongitude ? longitudes[position] : latitudes[position]
        }
        var left = node.left
        var right = node.right
        while left < right {
            let pivot = Self.median(key(left), key((left + right) >> 1), key(right))
            var low = left
            var high = right
            while low <= high {
                while key(low) < pivot { low += 1 }
                while key(high) > pivot { high -= 1 }
                if low <= high {
                    swapPoints(low, high)
                    low += 1
                    high -= 1
                }
            }
            if k <= high {
                right = high
            } else if k >= low {
                left = low
            } else {
                return
            }
        }
    }

    private mutating func swapPoints(_ first: Int, _ second: Int) {
        longitudes.swapAt(first, second)
        latitudes.swapAt(first, second)
        inputIndices.swapAt(first, second)
    }

    private static func median(_ first: Double, _ second: Double, _ third: Double) -> Double {
        max(min(first, second), min(max(first, second), third))
    }
}

extension KDTree {
    /// A range of tree positions and the axis its middle point splits by.
    private struct Node {
        let left: Int
        let right: Int
        let splitsByLongitude: Bool

        var middle: Int { (left + right) >> 1 }
        var leftChild: Node { Node(left: left, right: middle - 1, splitsByLongitude: !splitsByLongitude) }
        var rightChild: Node { Node(left: middle + 1, right: right, splitsByLongitude: !splitsByLongitude) }
    }
}
