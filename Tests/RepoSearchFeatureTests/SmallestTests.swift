import SeededRandom
import Testing

@testable import RepoSearchFeature

@Suite("Array.smallest")
struct SmallestTests {
    @Test("equals sorting and taking a prefix, for every count", arguments: 0..<8)
    func matchesSortedPrefix(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let length = Int(random.next() % 200)
        // Pairs of (value with repeats, position): a strict total order, as search orders are.
        let elements = (0..<length).map { (Int(random.next() % 20), $0) }
        let order: ((Int, Int), (Int, Int)) -> Bool = { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }
        let sorted = elements.sorted(by: order)
        for count in [0, 1, 2, 30, length / 2, length - 1, length, length + 5] where count >= 0 {
            let expected = Array(sorted.prefix(count))
            let actual = elements.smallest(count, by: order)
            #expect(actual.map(\.1) == expected.map(\.1), "length \(length), count \(count)")
        }
    }
}
