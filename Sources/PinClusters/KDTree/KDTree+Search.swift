extension KDTree {
    /// Appends to `result` the input positions of the items inside `rect`, edges included.
    func appendIndices(in rect: MercatorRect, to result: inout [Int]) {
        walk(searching: rect) { x, y in
            rect.contains(x: x, y: y)
        } visit: { position in
            result.append(Int(position))
            return true
        }
    }

    /// Appends to `result` the input positions of the items at most `radius` from `(x, y)`.
    func appendIndices(within radius: Double, ofX x: Double, y: Double, to result: inout [Int]) {
        walk(searching: Self.bounds(within: radius, ofX: x, y: y), where: Self.circle(radius, aroundX: x, y: y)) {
            result.append(Int($0))
            return true
        }
    }

    /// Whether an item other than the one in `slots[index]` lies at most `radius` from it.
    func hasNeighbour(ofSlot index: Int, within radius: Double) -> Bool {
        let (x, y, own) = (Double(slots[index].x), Double(slots[index].y), slots[index].position)
        var found = false
        walk(searching: Self.bounds(within: radius, ofX: x, y: y), where: Self.circle(radius, aroundX: x, y: y)) {
            found = $0 != own
            return !found
        }
        return found
    }

    private static func bounds(within radius: Double, ofX x: Double, y: Double) -> MercatorRect {
        MercatorRect(minX: x - radius, minY: y - radius, maxX: x + radius, maxY: y + radius)
    }

    private static func circle(_ radius: Double, aroundX x: Double, y: Double) -> (Double, Double) -> Bool {
        let squaredRadius = radius * radius
        return { itemX, itemY in
            let dx = itemX - x
            let dy = itemY - y
            return dx * dx + dy * dy <= squaredRadius
        }
    }

    /// Walks the tree in kdbush's order (a median before its halves, the upper half first) into
    /// the halves that can overlap `bounds`, passing `visit` the input position of each item that
    /// `matches`, until `visit` returns false.
    ///
    /// The order matters: it is the order of a cluster's children and leaves, and of the sums that
    /// make a cluster's centroid. Building an index runs this up to twice per marker and zoom, so
    /// the ranges still to visit live on the stack, not in an array allocated per search: a walk
    /// holds at most one range per level of the tree above the one it is at, and that one's two
    /// halves (below `maximumDepth` in all).
    @inline(__always)
    private func walk(
        searching bounds: MercatorRect,
        where matches: (Double, Double) -> Bool,
        visit: (Int32) -> Bool
    ) {
        slots.withUnsafeBufferPointer { slots in
            withUnsafeTemporaryAllocation(of: TreeRange.self, capacity: Self.maximumDepth + 1) { pending in
                pending.initializeElement(at: 0, to: TreeRange(left: 0, right: slots.count - 1, axis: 0))
                var pendingCount = 1
                while pendingCount > 0 {
                    pendingCount -= 1
                    let range = pending[pendingCount]
                    if range.right - range.left <= Self.nodeSize {
                        var index = range.left
                        while index <= range.right {
                            let slot = slots[index]
                            if matches(Double(slot.x), Double(slot.y)), !visit(slot.position) { return }
                            index += 1
                        }
                        continue
                    }
                    let middle = (range.left + range.right) >> 1
                    let median = slots[middle]
                    let x = Double(median.x)
                    let y = Double(median.y)
                    if matches(x, y), !visit(median.position) { return }

                    let isX = range.axis == 0
                    let split = isX ? x : y
                    assert(pendingCount + 2 <= pending.count, "a tree deeper than maximumDepth")
                    if (isX ? bounds.minX : bounds.minY) <= split {
                        pending.initializeElement(
                            at: pendingCount, to: TreeRange(left: range.left, right: middle - 1, axis: 1 - range.axis))
                        pendingCount += 1
                    }
                    if (isX ? bounds.maxX : bounds.maxY) >= split {
                        pending.initializeElement(
                            at: pendingCount, to: TreeRange(left: middle + 1, right: range.right, axis: 1 - range.axis))
                        pendingCount += 1
                    }
                }
            }
        }
    }

    /// More levels than a tree of `Int32.max` items has: each split halves a range, and ranges of
    /// `nodeSize` or fewer are not split.
    private static let maximumDepth = 32
}
