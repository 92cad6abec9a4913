/// Every distinct search token of an index, numbered in sorted order, so matching compares integers.
///
/// Built once with the index (the seeded data never changes). Because ids follow the tokens' byte
/// order, the tokens a prefix begins (api.md §3.3's 0.5 match) have consecutive ids: a prefix
/// becomes one `Range<Int32>`, found by binary search, and testing a token against it is two
/// comparisons.
struct Vocabulary: Sendable {
    /// An id no token has, for separating token lists.
    static let separator: Int32 = -1

    private let sorted: [String]
    private let ids: [String: Int32]

    /// Numbers `tokens` (duplicates allowed) in byte order. Search tokens are ASCII
    /// (`SearchTokens`), so `String`'s order is their byte order.
    init(_ tokens: some Sequence<String>) {
        sorted = Set(tokens).sorted()
        ids = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, Int32($0)) })
    }

    /// How many distinct tokens there are; ids run from 0 below it.
    var count: Int { sorted.count }

    /// The id of a known token.
    func id(of token: String) -> Int32? { ids[token] }

    /// The ids of every known token that begins with `prefix`.
    func ids(beginningWith prefix: String) -> Range<Int32> {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count, sorted[end].utf8.starts(with: prefix.utf8) { end += 1 }
        return Int32(low)..<Int32(end)
    }
}
