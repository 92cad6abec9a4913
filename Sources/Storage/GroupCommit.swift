public import GRDB
import Synchronization

/// Group commit for SQLite: writes that arrive while one transaction runs share the next one.
///
/// SQLite runs one write transaction at a time, and a transaction's fixed cost — GRDB's hop to its
/// writer queue and back, `BEGIN`, the commit's WAL frames — dwarfs a small write of a few rows.
/// Under concurrent load each write here waits for the transaction in progress anyway; instead of
/// queueing one transaction each, everything waiting runs in one transaction, each write in its own
/// savepoint: a write that throws is rolled back alone and fails alone, the others commit. A
/// caller resumes only after its transaction commits, so an answer never reports a write that could
/// still be lost to a crash; a lone write is one transaction, as before.
///
/// ```swift
/// let writes = GroupCommit(database)
/// let outcome = try await writes.write { db in try Rules.apply(change, in: db) }
/// ```
public final class GroupCommit: Sendable {
    /// Writes taken into one transaction at most, so one transaction stays short.
    public static let maximumBatch = 256

    private let database: any DatabaseWriter
    private let queue = Mutex(Queue())

    /// The writes waiting for a transaction, and whether one is running.
    private struct Queue {
        var waiting: [Job] = []
        var isWriting = false
    }

    /// One write: runs inside the shared transaction, then hears whether the transaction committed.
    private struct Job: Sendable {
        let run: @Sendable (Database) -> Void
        let finish: @Sendable ((any Error)?) -> Void
    }

    /// Groups the writes to `database`.
    public init(_ database: any DatabaseWriter) {
        self.database = database
    }

    /// Runs `body` in a savepoint of the next shared transaction and returns its result once that
    /// transaction has committed. Errors `body` throws are its own; a failed commit fails every
    /// write of the batch.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = Outcome<T>()
            let job = Job(
                run: { db in outcome.set(Self.inSavepoint(db, body)) },
                finish: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: outcome.result)
                    }
                }
            )
            enqueue(job)
        }
    }

    private func enqueue(_ job: Job) {
        let startsWriting = queue.withLock { queue in
            queue.waiting.append(job)
            guard !queue.isWriting else { return false }
            queue.isWriting = true
            return true
        }
        if startsWriting { writeNextBatch() }
    }

    /// Takes what waits into one transaction on GRDB's writer queue, then — if more arrived
    /// meanwhile — queues the next behind any other writer of the database, so they take turns.
    private func writeNextBatch() {
        let batch = queue.withLock { queue -> [Job] in
            let batch = Array(queue.waiting.prefix(Self.maximumBatch))
            queue.waiting.removeFirst(batch.count)
            if batch.isEmpty { queue.isWriting = false }
            return batch
        }
        guard !batch.isEmpty else { return }
        database.asyncWriteWithoutTransaction { db in
            do {
                try db.inTransaction {
                    for job in batch { job.run(db) }
                    return .commit
                }
                for job in batch { job.finish(nil) }
            } catch {
                for job in batch { job.finish(error) }
            }
            self.writeNextBatch()
        }
    }

    /// `body`'s result, its changes kept only if it succeeded.
    private static func inSavepoint<T: Sendable>(_ db: Database, _ body: (Database) throws -> T) -> Result<T, any Error>
    {
        var result: Result<T, any Error> = .failure(Outcome<T>.neverRan)
        do {
            try db.inSavepoint {
                do {
                    result = .success(try body(db))
                    return .commit
                } catch {
                    result = .failure(error)
                    return .rollback
                }
            }
        } catch {
            result = .failure(error)
        }
        return result
    }
}

/// One write's result, set on the writer's queue and read after the commit.
private final class Outcome<T: Sendable>: Sendable {
    static var neverRan: RepositoryError { .unknown("A grouped write finished without running.") }

    private let value = Mutex<Result<T, any Error>>(.failure(neverRan))

    func set(_ result: Result<T, any Error>) {
        value.withLock { $0 = result }
    }

    var result: Result<T, any Error> { value.withLock { $0 } }
}
