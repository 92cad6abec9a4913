/// The slots of a ``KDTree`` while it is being sorted, as a buffer, so that the millions of reads
/// and swaps of a large build cost no reference counting or uniqueness checks.
///
/// Only lives inside `withUnsafeMutableBufferPointer` in `KDTree.init`; every index it uses lies
/// within `0..<slots.count`, which debug builds check on each access.
struct KDTreeSlots {
    let slots: UnsafeMutableBufferPointer<KDTreeSlot>

    /// Splits `0..<count` at its median on x, each half at its median on y, and so on, until the
    /// runs are leaves.
    func sortIntoTree() {
        var pending = [TreeRange(left: 0, right: slots.count - 1, axis: 0)]
        while let range = pending.popLast() {
            guard range.right - range.left > KDTree.nodeSize else { continue }
            let middle = (range.left + range.right) >> 1
            select(middle, left: range.left, right: range.right, axis: range.axis)
            pending.append(TreeRange(left: range.left, right: middle - 1, axis: 1 - range.axis))
            pending.append(TreeRange(left: middle + 1, right: range.right, axis: 1 - range.axis))
        }
    }

    func coordinate(at slot: Int, axis: Int) -> Float {
        slots[slot].coordinate(onAxis: axis)
    }

    func swapSlots(_ first: Int, _ second: Int) {
        slots.swapAt(first, second)
    }
}
