#if PostgreSQL
import Logging
public import PostgresStorage
import Synchronization
public import TodosFeature

/// One instance's view of the todos' change feed in PostgreSQL, which every instance shares: a
/// write through any instance reaches the subscribers of all of them (`GET /todos/events` behind
/// nginx), and a client resumes on whichever instance it reconnects to.
///
/// Each store gets a `TodoEventLog` that copies its sandbox's rows of `todo_events`. The copy
/// catches up — reads the rows after its last — before each subscription, when `NOTIFY` names a
/// newer event of its sandbox, and after the `LISTEN` connection comes back for every copy, since
/// notifications sent while it was away are lost. Catch-ups of one copy may race; the copy keeps
/// each event once and in order.
public final class PostgresTodoFeed: Sendable {
    private let database: PostgresBackend
    private let epoch: Int64
    private let historyLength: Int
    private let copies = Mutex<[String: [WeakCopy]]>([:])

    private struct WeakCopy: Sendable {
        weak var log: TodoEventLog?
    }

    private init(database: PostgresBackend, epoch: Int64, historyLength: Int) {
        self.database = database
        self.epoch = epoch
        self.historyLength = historyLength
    }

    /// The feed of the (migrated) `database`, each copy keeping the last `historyLength` events;
    /// listening until the backend stops.
    public static func listening(to database: PostgresBackend, historyLength: Int) async throws -> PostgresTodoFeed {
        let epoch = try await database.withConnection { try await TodoPostgresEvents.epoch($0) }
        let feed = PostgresTodoFeed(database: database, epoch: epoch, historyLength: historyLength)
        database.listen(
            on: TodoPostgresEvents.channel,
            listening: { [weak feed] in await feed?.catchUpEveryCopy() },
            received: { [weak feed] payload in await feed?.received(payload) })
        return feed
    }

    /// A copy of `sandbox`'s events for one store, kept current for as long as the store keeps it.
    public func copy(of sandbox: String) -> TodoEventLog {
        let log = TodoEventLog(copying: epoch, historyLength: historyLength) { [self] log in
            await catchUp(log, of: sandbox)
        }
        copies.withLock { $0[sandbox, default: []].append(WeakCopy(log: log)) }
        return log
    }

    /// `<sandbox> <seq>` was committed: the copies of that sandbox that do not hold it read it.
    private func received(_ payload: String) async {
        guard let space = payload.lastIndex(of: " "), let sequence = Int64(payload[payload.index(after: space)...])
        else {
            database.logger.error(
                "A todo event notification this build cannot read", metadata: ["payload": "\(payload)"])
            return
        }
        let sandbox = String(payload[..<space])
        for log in logs(of: sandbox) where log.lastSequence < sequence {
            await catchUp(log, of: sandbox)
        }
    }

    private func catchUpEveryCopy() async {
        let sandboxes = copies.withLock { Array($0.keys) }
        for sandbox in sandboxes {
            for log in logs(of: sandbox) { await catchUp(log, of: sandbox) }
        }
    }

    /// The copies of `sandbox` still kept by a store; those whose store is gone are forgotten.
    private func logs(of sandbox: String) -> [TodoEventLog] {
        copies.withLock { copies in
            let live = copies[sandbox]?.compactMap(\.log) ?? []
            copies[sandbox] = live.isEmpty ? nil : live.map { WeakCopy(log: $0) }
            return live
        }
    }

    /// Reads what `log` has not seen. On failure the copy stays as it was, the failure is logged
    /// (a cancellation is not one), and the next notification or reconnection reads it.
    private func catchUp(_ log: TodoEventLog, of sandbox: String) async {
        let after = log.lastSequence
        do {
            let events = try await database.withConnection { [epoch, historyLength] connection in
                try await TodoPostgresEvents(sandbox: sandbox).events(
                    after: after, limit: historyLength, epoch: epoch, on: connection)
            }
            log.append(events)
        } catch  where error is CancellationError || Task.isCancelled {
            // The backend is stopping (its listener is cancelled), or the subscriber left: nothing
            // failed, and the next catch-up reads what this one did not.
            database.logger.debug(
                "A catch-up of the todos' change feed was cancelled", metadata: ["sandbox": "\(sandbox)"])
        } catch {
            database.logger.warning(
                "Could not read the todos' change feed; subscribers get it at the next change or reconnection",
                metadata: ["sandbox": "\(sandbox)", "reason": "\(error)"])
        }
    }
}
#endif
