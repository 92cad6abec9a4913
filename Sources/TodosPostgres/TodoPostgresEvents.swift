#if PostgreSQL
import Foundation
import HTTPKit
import PostgresNIO
import PostgresStorage
import Storage
import TodosFeature

/// One sandbox's rows of `todo_events`, the todos' change feed in PostgreSQL: its SQL, every value
/// bound.
struct TodoPostgresEvents: Sendable {
    /// The channel each recorded event is announced on, its payload `<sandbox> <seq>`: only the id,
    /// since a payload is capped at 8,000 bytes and a reorder may name a thousand todos.
    static let channel = "counterpart_todo_events"

    /// The sandbox whose events these are.
    let sandbox: String

    /// In the writing transaction, after `SharedDataVersion.lock`: counts the write, records
    /// `change` numbered by the new version, forgets what falls out of the last `history` events
    /// and announces it — one statement, delivered to listeners when the transaction commits, in
    /// commit order.
    func record(
        _ change: TodoEvent.Change, counting version: SharedDataVersion, history: Int, on connection: PostgresConnection
    ) async throws {
        let row = Row(change)
        try await connection.query(
            """
            WITH bumped AS (
                UPDATE data_versions SET version = version + 1
                WHERE sandbox = \(sandbox) AND domain = \(version.domain) RETURNING version),
            recorded AS (
                INSERT INTO todo_events
                    (sandbox, seq, kind, ids, description, is_complete, "order", created_at, updated_at)
                SELECT \(sandbox), version, \(row.kind), \(row.ids)::uuid[], \(row.description), \(row.isComplete),
                    \(row.order), \(row.createdAt), \(row.updatedAt)
                FROM bumped RETURNING seq),
            forgotten AS (
                DELETE FROM todo_events WHERE sandbox = \(sandbox) AND seq <= (SELECT seq FROM recorded) - \(history))
            SELECT pg_notify(\(Self.channel), \(sandbox) || ' ' || seq) FROM recorded
            """, logger: connection.logger)
    }

    /// The events after `sequence`, oldest first: the last `limit` of them if there are more.
    func events(after sequence: Int64, limit: Int, epoch: Int64, on connection: PostgresConnection) async throws
        -> [TodoEvent]
    {
        let rows = try await connection.query(
            """
            SELECT seq, kind, ids, description, is_complete, "order", created_at, updated_at FROM (
                SELECT * FROM todo_events WHERE sandbox = \(sandbox) AND seq > \(sequence)
                ORDER BY seq DESC LIMIT \(limit)) AS newest
            ORDER BY seq
            """, logger: connection.logger)
        var events: [TodoEvent] = []
        for try await (seq, kind, ids, description, isComplete, order, createdAt, updatedAt) in rows.decode(
            (Int64, String, [UUID], String?, Bool?, Int?, Int64?, Int64?).self)
        {
            let row = Row(
                kind: kind, ids: ids, description: description, isComplete: isComplete, order: order,
                createdAt: createdAt, updatedAt: updatedAt)
            events.append(TodoEvent(id: TodoEventID(epoch: epoch, sequence: seq), change: row.change))
        }
        return events
    }

    /// Removes every event of `sandbox`, in the dropping transaction.
    static func drop(_ connection: PostgresConnection, _ sandbox: String) async throws {
        try await connection.query("DELETE FROM todo_events WHERE sandbox = \(sandbox)", logger: connection.logger)
    }

    /// The epoch of this database's event ids, recorded when its schema was made.
    static func epoch(_ connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query("SELECT epoch FROM todo_event_epoch", logger: connection.logger)
        for try await epoch in rows.decode(Int64.self) { return epoch }
        throw RepositoryError.unknown("todo_event_epoch holds no row: the todos-2-events migration did not run.")
    }

    /// A change as its row's columns: the todo's own for `created` and `updated`, the ids otherwise.
    struct Row {
        var kind: String
        var ids: [UUID]
        var description: String?
        var isComplete: Bool?
        var order: Int?
        var createdAt: Int64?
        var updatedAt: Int64?

        init(
            kind: String, ids: [UUID], description: String? = nil, isComplete: Bool? = nil, order: Int? = nil,
            createdAt: Int64? = nil, updatedAt: Int64? = nil
        ) {
            self.kind = kind
            self.ids = ids
            self.description = description
            self.isComplete = isComplete
            self.order = order
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        init(_ change: TodoEvent.Change) {
            switch change {
            case .created(let todo): self.init(kind: "created", todo)
            case .updated(let todo): self.init(kind: "updated", todo)
            case .deleted(let ids): self.init(kind: "deleted", ids: ids)
            case .reordered(let ids): self.init(kind: "reordered", ids: ids)
            case .refetch: self.init(kind: "refetch", ids: [])
            }
        }

        private init(kind: String, _ todo: Todo) {
            self.init(
                kind: kind, ids: [todo.id], description: todo.description, isComplete: todo.isComplete,
                order: todo.order, createdAt: todo.createdAt.secondsSince1970 * 1000,
                updatedAt: todo.updatedAt.secondsSince1970 * 1000)
        }

        /// The change this row records; a row this build cannot read asks for a refetch, which is
        /// always true to the store.
        var change: TodoEvent.Change {
            switch kind {
            case "deleted": return .deleted(ids)
            case "reordered": return .reordered(ids)
            case "created", "updated":
                guard let id = ids.first, let description, let isComplete, let order, let createdAt, let updatedAt
                else { return .refetch }
                let todo = Todo(
                    id: id, description: description, isComplete: isComplete, order: order,
                    createdAt: Timestamp(secondsSince1970: createdAt / 1000),
                    updatedAt: Timestamp(secondsSince1970: updatedAt / 1000))
                return kind == "created" ? .created(todo) : .updated(todo)
            default: return .refetch
            }
        }
    }
}
#endif
