extension Array {
    /// The `count` first elements in `areInIncreasingOrder` order, as `sorted(by:).prefix(count)`
    /// gives them, without sorting the rest: a page of 30 from thousands of matches keeps a
    /// bounded max-heap of 30 and compares most elements once. `areInIncreasingOrder` must be a
    /// strict total order (no ties), or which of two equal elements is kept is unspecified.
    func smallest(_ count: Int, by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        guard count < self.count else { return sorted(by: areInIncreasingOrder) }
        guard count > 0 else { return [] }
        // A max-heap: heap[0] is the last of the kept elements, the first to give way.
        var heap: [Element] = []
        heap.reserveCapacity(count)
        func siftDown(from start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                var largest = parent
                if left < heap.count, areInIncreasingOrder(heap[largest], heap[left]) { largest = left }
                if left + 1 < heap.count, areInIncreasingOrder(heap[largest], heap[left + 1]) { largest = left + 1 }
                if largest == parent { return }
                heap.swapAt(parent, largest)
                parent = largest
            }
        }
        for element in self {
            if heap.count < count {
                heap.append(element)
                var child = heap.count - 1
                while child > 0, areInIncreasingOrder(heap[(child - 1) / 2], heap[child]) {
                    heap.swapAt(child, (child - 1) / 2)
                    child = (child - 1) / 2
                }
            } else if areInIncreasingOrder(element, heap[0]) {
                heap[0] = element
                siftDown(from: 0)
            }
        }
        return heap.sorted(by: areInIncreasingOrder)
    }
}
