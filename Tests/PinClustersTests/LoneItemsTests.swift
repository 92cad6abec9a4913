import Foundation
@testable import PinClusters
import SeededRandom
import Testing

/// `KDTree.itemsAlone` lets the clustering skip the search from a row; it must only ever name rows
/// that the search from any row would have left alone, however the `Float`s in the tree round.
@Suite("Rows found alone are alone for every search")
struct LoneItemsTests {
    /// The radius at the finest zoom that clusters, where rounding matters most.
    static let radius = ClusteringParameters.mercatorRadius(atZoom: ClusteringParameters.maxZoom)

    @Test("no row found alone is within the radius of another, seen from either", arguments: [1, 2, 3] as [UInt64])
    func aloneMeansAloneBothWays(seed: UInt64) {
        let (xs, ys) = Self.points(seed: seed)
        let alone = KDTree(xs: xs, ys: ys).itemsAlone(within: Self.radius + KDTree.roundingSlack)

        for row in xs.indices where alone[row] {
            for other in xs.indices where other != row {
                let found = Self.isFound(other, bySearchFrom: row, xs: xs, ys: ys)
                let finds = Self.isFound(row, bySearchFrom: other, xs: xs, ys: ys)
                #expect(!found && !finds, "row \(row) is found alone, but row \(other) is within the radius")
            }
        }
        // Either outcome must occur, or the test proves nothing.
        #expect(alone.contains(true) && alone.contains(false))
    }

    @Test("without the slack, rounding would pair some row found alone", arguments: [1, 2, 3] as [UInt64])
    func slackIsNeeded(seed: UInt64) {
        let (xs, ys) = Self.points(seed: seed)
        let alone = KDTree(xs: xs, ys: ys).itemsAlone(within: Self.radius)
        let paired = xs.indices.filter { row in
            alone[row]
                && xs.indices.contains { other in
                    other != row && Self.isFound(row, bySearchFrom: other, xs: xs, ys: ys)
                }
        }
        #expect(!paired.isEmpty, "the pairs at the radius no longer exercise the rounding")
    }

    /// Whether the clustering's search from `center` finds `item`: the item's point as the tree
    /// holds it, `Float`, within the radius of the center's own.
    static func isFound(_ item: Int, bySearchFrom center: Int, xs: [Double], ys: [Double]) -> Bool {
        let dx = Double(Float(xs[item])) - xs[center]
        let dy = Double(Float(ys[item])) - ys[center]
        return dx * dx + dy * dy <= radius * radius
    }

    /// Scattered points, some close enough to pair, and many pairs placed the radius apart, where
    /// rounding to `Float` decides.
    static func points(seed: UInt64) -> (xs: [Double], ys: [Double]) {
        var generator = SplitMix64(seed: seed)
        var xs: [Double] = []
        var ys: [Double] = []
        for _ in 0..<300 {
            xs.append(generator.nextDouble(in: 0.3...0.3001))
            ys.append(generator.nextDouble(in: 0.4...0.4001))
        }
        for _ in 0..<300 {
            let x = generator.nextDouble(in: 0.1...0.9)
            let y = generator.nextDouble(in: 0.1...0.9)
            let angle = generator.nextDouble(in: 0...(2 * Double.pi))
            xs += [x, x + radius * cos(angle)]
            ys += [y, y + radius * sin(angle)]
        }
        return (xs, ys)
    }
}
