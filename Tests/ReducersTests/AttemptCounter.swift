import Synchronization

/// Counts calls made from effects, readable by the test.
final class AttemptCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one and returns the new count.
    func increment() -> Int {
        count.add(1, ordering: .relaxed).newValue
    }

    var value: Int { count.load(ordering: .relaxed) }
}
