extension KDTree {
    /// Appends to `result` the input positions of the items inside `rect`, edges included.
    func appendIndices(in rect: MercatorRect, to result: inout [Int]) {
        appendIndices(to: &result, searching: rect) { x, y in rect.contains(x: x, y: y) }
    }

    /// Appends to `result` the input positions of the items at most `radius` from `(x, y)`.
    func appendIndices(within radius: Double, ofX x: Double, y: Double, to result: inout [Int]) {
        let squaredRadius = radius * radius
        let bounds = MercatorRect(minX: x - radius, minY: y - radius, maxX: x + radius, maxY: y + radius)
        appendIndices(to: &result, searching: bounds) { itemX, itemY in
            let dx = itemX - x
            let dy = itemY - y
            return dx * dx + dy * dy <= squaredRadius
        }
    }

    /// Walks the tree in kdbush's order (a median before its halves, the upper half first) into
    /// the halves that can overlap `bounds`, appending the items that `matches`.
    ///
    /// The order matters: it is the order of a cluster's children and leaves, and of the sums that
    /// make a cluster's centroid. The columns are read through buffers because this loop is most
    /// of the cost of building an index.
    private func appendIndices(
        to result: inout [Int],
        searching bounds: MercatorRect,
        where matches: (Double, Double) -> Bool
    ) {
        coordinates.withUnsafeBufferPointer { coordinates in
            itemIndices.withUnsafeBufferPointer { itemIndices in
                var pending = [TreeRange(left: 0, right: itemIndices.count - 1, axis: 0)]
                while let range = pending.popLast() {
                    if range.right - range.left <= Self.nodeSize {
                        var slot = range.left
                        while slot <= range.right {
                            if matches(Double(coordinates[2 * slot]), Double(coordinates[2 * slot + 1])) {
                                result.append(Int(itemIndices[slot]))
                            }
                            slot += 1
                        }
                        continue
                    }
                    let middle = (range.left + range.right) >> 1
                    let x = Double(coordinates[2 * middle])
                    let y = Double(coordinates[2 * middle + 1])
                    if matches(x, y) { result.append(Int(itemIndices[middle])) }

                    let isX = range.axis == 0
                    let split = isX ? x : y
                    if (isX ? bounds.minX : bounds.minY) <= split {
                        pending.append(TreeRange(left: range.left, right: middle - 1, axis: 1 - range.axis))
                    }
                    if (isX ? bounds.maxX : bounds.maxY) >= split {
                        pending.append(TreeRange(left: middle + 1, right: range.right, axis: 1 - range.axis))
                    }
                }
            }
        }
    }
}
