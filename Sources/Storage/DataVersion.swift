import Synchronization

/// A counter bumped after every committed write to one domain's data, in this process.
///
/// Response cache entries are valid only for the version they were built at (architecture.md §5).
/// One process owns a SQLite file (its lock guarantees it), so counting its own writes is enough.
public final class DataVersion: Sendable {
    private let value = Atomic<Int>(0)

    /// Starts at version 0.
    public init() {}

    /// The current version.
    public var current: Int { value.load(ordering: .acquiring) }

    /// Marks a committed write.
    public func bump() {
        value.add(1, ordering: .releasing)
    }
}
