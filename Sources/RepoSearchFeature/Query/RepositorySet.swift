/// A set of repository positions in an index, one bit each: intersecting sets of thousands of
/// positions costs a few dozen word operations, and it lists its members in ascending order.
struct RepositorySet {
    private var words: [UInt64]

    /// An empty set for positions below `count`.
    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Whether no position is in the set.
    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    mutating func insert(_ position: Int) {
        words[position >> 6] |= 1 << UInt64(position & 63)
    }

    /// Keeps only the positions `other` holds too; both sets are for the same index.
    mutating func formIntersection(_ other: RepositorySet) {
        for index in words.indices { words[index] &= other.words[index] }
    }

    /// Calls `body` with every position, ascending.
    func forEach(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() {
            var remaining = word
            while remaining != 0 {
                body(index << 6 | remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
    }
}
