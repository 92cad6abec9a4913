#if PostgreSQL
public import AppFeature
import Foundation
import HTTPKit
import Logging
import PostgresNIO
public import PostgresStorage
import Storage
import Synchronization

/// The request journal kept in PostgreSQL (architecture.md §6): every instance's requests in one
/// journal per sandbox, newest first by the order they were written.
///
/// Recording is off the request's path: entries wait in a buffer that one writer at a time empties
/// in a single statement, so a busy instance uses one connection for its journal, not one per
/// request. A buffer that outgrows `capacity` while the database is slow keeps the newest entries.
/// A read first waits until what this instance recorded before it is written, so a client reads its
/// own requests back through the same instance at once, and through others a moment later. Each
/// sandbox keeps its newest `capacity` rows; older ones are deleted as the writer goes.
public final class PostgresJournal: SharedJournal {
    let database: PostgresBackend
    /// The sandbox whose requests these are.
    let sandbox: String
    /// How many entries are kept.
    let capacity: Int
    private let state = Mutex(Buffer())

    private struct Buffer {
        var entries: [JournalEntry] = []
        var writing = false
        /// Entries recorded and entries written (or given up on), ever.
        var recorded = 0
        var written = 0
        var waiting: [(through: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// The journal of `sandbox`, keeping its newest `capacity` entries.
    public init(_ database: PostgresBackend, sandbox: String, capacity: Int = 1_000) {
        self.database = database
        self.sandbox = sandbox
        self.capacity = max(1, capacity)
    }

    /// Adds `entry` without waiting: a background task writes it, in order.
    public func record(_ entry: JournalEntry) {
        let startsWriter = state.withLock { buffer in
            buffer.entries.append(entry)
            buffer.recorded += 1
            if buffer.entries.count > capacity {
                let dropped = buffer.entries.count - capacity
                buffer.entries.removeFirst(dropped)
                buffer.written += dropped
            }
            defer { buffer.writing = true }
            return !buffer.writing
        }
        if startsWriter { Task { await self.write() } }
    }

    /// The newest `limit` entries, newest first, with every entry this instance recorded before the call.
    public func newest(_ limit: Int) async throws -> [JournalEntry] {
        await written()
        return try await database.withConnection { [sandbox, capacity] connection in
            let rows = try await connection.query(
                """
                SELECT request_id, method, path, query, status, outcome, received_at, duration_ms,
                    injected_delay_ms, preference_applied
                FROM journal_entries WHERE sandbox = \(sandbox) ORDER BY sequence DESC LIMIT \(min(limit, capacity))
                """, logger: connection.logger)
            var entries: [JournalEntry] = []
            for try await row in rows.decode(
                (String, String, String, String?, Int?, String, Int64, Double, Double, String?).self)
            {
                guard let outcome = JournalEntry.Outcome(rawValue: row.5) else {
                    throw RepositoryError.unknown("journal_entries holds an unknown outcome \(row.5).")
                }
                entries.append(
                    JournalEntry(
                        id: row.0, method: row.1, path: row.2, query: row.3, status: row.4, outcome: outcome,
                        receivedAt: Timestamp(secondsSince1970: row.6), durationMilliseconds: row.7,
                        injectedDelayMilliseconds: row.8, preferenceApplied: row.9))
            }
            return entries
        }
    }

    /// Forgets every entry of the sandbox.
    public func removeAll() async throws {
        await written()
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query(
                "DELETE FROM journal_entries WHERE sandbox = \(sandbox)", logger: connection.logger)
        }
    }

    /// Returns once every entry recorded before the call is written (or given up on).
    private func written() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { buffer in
                guard buffer.written < buffer.recorded else { return true }
                buffer.waiting.append((buffer.recorded, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Empties the buffer, a batch at a time, until it stays empty.
    private func write() async {
        while true {
            let batch = state.withLock { buffer in
                defer { buffer.entries = [] }
                if buffer.entries.isEmpty { buffer.writing = false }
                return buffer.entries
            }
            guard !batch.isEmpty else { return }
            do {
                try await insert(batch)
            } catch {
                // The journal is a demo aid: a batch the database refused is lost, and said so.
                database.logger.warning(
                    "request journal entries were not written",
                    metadata: ["count": "\(batch.count)", "reason": "\(error)"])
            }
            let ready = state.withLock { buffer in
                buffer.written += batch.count
                let ready = buffer.waiting.filter { $0.through <= buffer.written }
                buffer.waiting.removeAll { $0.through <= buffer.written }
                return ready
            }
            for waiter in ready { waiter.continuation.resume() }
        }
    }

    /// Writes `batch` in order and trims the sandbox to its newest `capacity` rows, in one
    /// transaction.
    private func insert(_ batch: [JournalEntry]) async throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let rows = String(
            decoding: try encoder.encode(batch.enumerated().map { Row($1, position: $0) }), as: UTF8.self)
        try await database.transaction { [sandbox, capacity] connection in
            try await connection.query(
                """
                INSERT INTO journal_entries (sandbox, request_id, method, path, query, status, outcome, received_at,
                    duration_ms, injected_delay_ms, preference_applied)
                SELECT \(sandbox), id, method, path, query, status, outcome, received_at, duration_ms,
                    injected_delay_ms, preference_applied
                FROM json_to_recordset(\(rows)::json) AS entry(position integer, id text, method text, path text,
                    query text, status integer, outcome text, received_at bigint, duration_ms double precision,
                    injected_delay_ms double precision, preference_applied text)
                ORDER BY position
                """, logger: connection.logger)
            try await connection.query(
                """
                DELETE FROM journal_entries WHERE sandbox = \(sandbox) AND sequence <= (
                    SELECT sequence FROM journal_entries WHERE sandbox = \(sandbox)
                    ORDER BY sequence DESC OFFSET \(capacity) LIMIT 1)
                """, logger: connection.logger)
        }
    }

    /// One entry as `insert` sends it, its members named (in snake case) as the table's columns.
    private struct Row: Encodable {
        let position: Int
        let id: String, method: String, path: String, query: String?, status: Int?, outcome: String
        let receivedAt: Int64, durationMs: Double, injectedDelayMs: Double, preferenceApplied: String?

        init(_ entry: JournalEntry, position: Int) {
            self.position = position
            id = entry.id
            method = entry.method
            path = entry.path
            query = entry.query
            status = entry.status
            outcome = entry.outcome.rawValue
            receivedAt = entry.receivedAt.secondsSince1970
            durationMs = entry.durationMilliseconds
            injectedDelayMs = entry.injectedDelayMilliseconds
            preferenceApplied = entry.preferenceApplied
        }
    }

    /// Sandbox `name`'s journal of at most `capacity` entries, in the same database.
    public func sandboxed(_ name: String, capacity: Int) -> any SharedJournal {
        PostgresJournal(database, sandbox: name, capacity: capacity)
    }
}
#endif
