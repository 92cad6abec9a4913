import Synchronization
import Storage
import TodosFeature

extension TodoRepository {
    /// This store with data versions no other store in the process reports: a sandbox dropped and
    /// created again under its name gets new stores whose counts start again at 0, and its cached
    /// answers (keyed by URL and version, architecture.md §5) must not match the old sandbox's.
    func withVersionsOfItsOwn() -> Self {
        let offset = TodoVersionRanges.next()
        var store = self
        store.version = version.offset(by: offset)
        return store
    }
}

/// Hands out disjoint ranges of data versions, one per sandbox store.
private enum TodoVersionRanges {
    private static let issued = Atomic<Int>(0)

    /// The start of a range of 2⁴⁰ versions no earlier call returned.
    static func next() -> Int {
        (issued.add(1, ordering: .relaxed).newValue) << 40
    }
}
