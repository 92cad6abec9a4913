import Synchronization

/// The order in which concurrent tasks under test reached their marks.
///
/// Tests of gates, resets and other orderings record a mark at each step and compare the whole
/// sequence, which says more when it fails than a set of booleans would.
public final class Trace: Sendable {
    private let marks = Mutex<[String]>([])

    /// An empty trace.
    public init() {}

    /// Records that `name` was reached, after every mark before it.
    public func mark(_ name: String) { marks.withLock { $0.append(name) } }

    /// Every mark so far, in order.
    public var all: [String] { marks.withLock { $0 } }

    /// Whether `name` was reached.
    public func contains(_ name: String) -> Bool { all.contains(name) }
}
