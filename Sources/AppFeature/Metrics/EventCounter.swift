import Synchronization

/// A count of events that any loop may add to and `/metrics` reads at scrape time, such as the
/// streams refused over a limit (`counterpart_streams_refused_total`).
///
/// A `final class`: every loop adds to the one count, atomically.
final class EventCounter: Sendable {
    private let count = Atomic(0)

    /// Counts one event.
    func increment() {
        count.add(1, ordering: .relaxed)
    }

    /// The events counted so far.
    var total: Int { count.load(ordering: .relaxed) }
}
