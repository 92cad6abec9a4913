public import GRDB
import Synchronization

/// Counts the transactions a database commits, for tests that promise a number of them (a group
/// commit, a reset written in one transaction).
public final class CommitCounter: TransactionObserver, Sendable {
    private let commits = Atomic<Int>(0)

    /// A counter at zero; add it with `DatabaseWriter.add(transactionObserver:)`.
    public init() {}

    /// The transactions committed since it was added.
    public var count: Int { commits.load(ordering: .relaxed) }

    public func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    public func databaseDidChange(with event: DatabaseEvent) {}
    public func databaseDidCommit(_ db: Database) { commits.add(1, ordering: .relaxed) }
    public func databaseDidRollback(_ db: Database) {}
}
