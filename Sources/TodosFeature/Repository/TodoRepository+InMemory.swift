import Foundation
import Storage
import Synchronization

extension TodoRepository {
    /// A store in process memory, starting with `seed`, each change published to `events` as it
    /// is made (under the write's lock, so in the order of the writes).
    ///
    /// Its endpoints never suspend, so requests served from it never leave their event loop. Used by
    /// reducer and pipeline tests and by `--database memory`.
    public static func inMemory(seed: [Todo] = [], publishingTo events: TodoEventLog? = nil) -> Self {
        let table = InMemoryTodoTable(seed, events: events)
        return Self(
            list: { filter in TodoList(table.rows.withLock { Array($0.values) }.filter(filter.includes)) },
            fetch: { id in try table.fetch(id) },
            write: { change in try table.write(change) },
            version: .local { table.version.current }
        )
    }
}

/// The in-memory table: a dictionary guarded by a `Mutex`, so each write is atomic.
private final class InMemoryTodoTable: Sendable {
    let rows: Mutex<[UUID: Todo]>
    let version = DataVersion()

    private let events: TodoEventLog?

    init(_ seed: [Todo], events: TodoEventLog?) {
        rows = Mutex(Dictionary(seed.map { ($0.id, $0) }, uniquingKeysWith: { $1 }))
        self.events = events
    }

    func fetch(_ id: UUID) throws -> Todo {
        guard let todo = rows.withLock({ $0[id] }) else {
            throw RepositoryErrorMessages.notFound(id)
        }
        return todo
    }

    func write(_ change: TodoChange) throws -> TodoWriteOutcome {
        let (outcome, wakeups) = try rows.withLock { rows in
            let mutation = try TodoRules.apply(change, to: Array(rows.values))
            for id in mutation.deletions { rows[id] = nil }
            for todo in mutation.upserts { rows[todo.id] = todo }
            if mutation.changesRows { version.bump() }
            // Recorded under the table's lock, in the order of the writes; the waiting subscribers
            // are woken after it, so reads on other loops do not wait on a thousand wake-ups.
            let wakeups = TodoEvent.Change(mutation).flatMap { events?.record($0) }
            return (mutation.outcome, wakeups)
        }
        wakeups?.resume()
        return outcome
    }
}
