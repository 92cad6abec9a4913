import Foundation

extension KDTreeSlots {
    /// Reorders slots `left...right` so that slot `k` holds the item it would hold if they were
    /// sorted on `axis`, with no larger coordinate before it and no smaller one after it.
    ///
    /// Floyd and Rivest's selection (CACM 1975, algorithm 489), as kdbush uses it: on a long
    /// range it first selects within a sample around `k`, so the pivot lands close to the target.
    /// That inner call covers about n^(2/3) slots, so the recursion is a few levels deep at most.
    /// The arithmetic follows kdbush's, so that slots end up in the same order.
    func select(_ k: Int, left: Int, right: Int, axis: Int) {
        var left = left
        var right = right
        while right > left {
            if right - left > 600 {
                let count = Double(right - left + 1)
                let rank = Double(k - left + 1)
                let logCount = log(count)
                let sampleSize = 0.5 * exp(2 * logCount / 3)
                let deviation =
                    0.5 * sqrt(logCount * sampleSize * (count - sampleSize) / count)
                    * (rank - count / 2 < 0 ? -1 : 1)
                let sampleLeft = max(left, Int(floor(Double(k) - rank * sampleSize / count + deviation)))
                let sampleRight = min(
                    right, Int(floor(Double(k) + (count - rank) * sampleSize / count + deviation)))
                select(k, left: sampleLeft, right: sampleRight, axis: axis)
            }

            let pivot = coordinate(at: k, axis: axis)
            var i = left
            var j = right

            swapSlots(left, k)
            if coordinate(at: right, axis: axis) > pivot { swapSlots(left, right) }

            // Hoare partition; the values now at `left` and `right` bracket the pivot, so neither scan
            // can leave the range.
            while i < j {
                swapSlots(i, j)
                i += 1
                j -= 1
                while coordinate(at: i, axis: axis) < pivot { i += 1 }
                while coordinate(at: j, axis: axis) > pivot { j -= 1 }
            }

            if coordinate(at: left, axis: axis) == pivot {
                swapSlots(left, j)
            } else {
                j += 1
                swapSlots(j, right)
            }

            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }
}
