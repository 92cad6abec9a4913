#if PostgreSQL
import Foundation
import HTTPKit
public import PostgresNIO
public import PostgresStorage
public import Storage
public import TodosFeature

extension TodoRepository {
    /// The store in PostgreSQL, shared by every instance of the scale-out profile.
    ///
    /// Reads are one indexed query. Each write is one transaction that first locks the sandbox's
    /// todos version row — so writers on every instance take turns, and 200 concurrent `If-Match`
    /// PATCHes of one ETag have exactly one winner — checks the sandbox still lives, loads the (at
    /// most 1,000) stored todos, applies `TodoRules`, writes back only the rows that changed, bumps
    /// the version and records the change in `todo_events` under it — keeping the last `history` —
    /// in the same transaction. The version is read from the database (`.shared`), so a cached
    /// answer on one instance never outlives a write committed on another; the events reach every
    /// instance's subscribers through `PostgresTodoFeed`.
    public static func postgres(
        _ database: PostgresBackend, sandbox: SandboxPartition = .default,
        history: Int = TodoEventSettings().historyLength
    ) -> Self {
        let rows = TodoPostgresRows(sandbox: sandbox.key)
        let version = SharedDataVersion(domain: "todos", sandbox: sandbox.key)
        let events = TodoPostgresEvents(sandbox: sandbox.key)
        return Self(
            list: { filter in
                TodoList(try await database.withConnection { try await rows.fetch($0, filter: filter) })
            },
            fetch: { id in
                let todo = try await database.withConnection { try await rows.fetchOne($0, id: id) }
                guard let todo else { throw RepositoryErrorMessages.notFound(id) }
                return todo
            },
            write: { change in
                try await database.transaction { connection in
                    try await version.lock(connection)
                    try await sandbox.checkLive(connection)
                    let mutation = try TodoRules.apply(change, to: await rows.fetch(connection, filter: .all))
                    try await rows.delete(connection, ids: mutation.deletions)
                    try await rows.upsert(connection, mutation.upserts)
                    // Every write's version has its event: a copy that finds a gap missed some.
                    if let published = TodoEvent.Change(mutation) {
                        try await events.record(published, counting: version, history: history, on: connection)
                    }
                    return mutation.outcome
                }
            },
            version: .shared { try await version.current(database) }
        )
    }

    /// Removes every todo and event of `sandbox`, in the dropping transaction: one range of each
    /// primary key.
    public static func dropSandbox(_ connection: PostgresConnection, _ sandbox: String) async throws {
        try await connection.query("DELETE FROM todos WHERE sandbox = \(sandbox)", logger: connection.logger)
        try await TodoPostgresEvents.drop(connection, sandbox)
    }
}

/// One sandbox's rows of the PostgreSQL `todos` table: its SQL, every value bound.
struct TodoPostgresRows: Sendable {
    /// The sandbox whose rows these are.
    let sandbox: String

    func fetch(_ connection: PostgresConnection, filter: TodoFilter) async throws -> [Todo] {
        let rows =
            switch filter {
            case .all:
                try await connection.query(
                    """
                    SELECT id, description, is_complete, "order", created_at, updated_at FROM todos
                    WHERE sandbox = \(sandbox) ORDER BY "order", created_at, id
                    """, logger: connection.logger)
            case .active, .completed:
                try await connection.query(
                    """
                    SELECT id, description, is_complete, "order", created_at, updated_at FROM todos
                    WHERE sandbox = \(sandbox) AND is_complete = \(filter == .completed)
                    ORDER BY "order", created_at, id
                    """, logger: connection.logger)
            }
        return try await rows.collect().map(Self.todo)
    }

    func fetchOne(_ connection: PostgresConnection, id: UUID) async throws -> Todo? {
        let rows = try await connection.query(
            """
            SELECT id, description, is_complete, "order", created_at, updated_at FROM todos
            WHERE sandbox = \(sandbox) AND id = \(id)
            """, logger: connection.logger)
        return try await rows.collect().first.map(Self.todo)
    }

    /// Inserts or replaces `todos` in one statement, whatever their number; of two with one id, the
    /// later wins (as row by row would; one statement may not touch a row twice).
    func upsert(_ connection: PostgresConnection, _ todos: [Todo]) async throws {
        guard !todos.isEmpty else { return }
        let todos = Array(Dictionary(todos.map { ($0.id, $0) }, uniquingKeysWith: { $1 }).values)
        let ids = todos.map(\.id)
        let descriptions = todos.map(\.description)
        let completions = todos.map(\.isComplete)
        let orders = todos.map(\.order)
        let created = todos.map { $0.createdAt.secondsSince1970 * 1000 }
        let updated = todos.map { $0.updatedAt.secondsSince1970 * 1000 }
        try await connection.query(
            """
            INSERT INTO todos (sandbox, id, description, is_complete, "order", created_at, updated_at)
            SELECT \(sandbox), * FROM unnest(\(ids)::uuid[], \(descriptions)::text[], \(completions)::boolean[],
                \(orders)::bigint[], \(created)::bigint[], \(updated)::bigint[])
            ON CONFLICT (sandbox, id) DO UPDATE SET description = excluded.description,
                is_complete = excluded.is_complete, "order" = excluded."order",
                created_at = excluded.created_at, updated_at = excluded.updated_at
            """, logger: connection.logger)
    }

    /// Deletes the todos `ids` names, in one statement.
    func delete(_ connection: PostgresConnection, ids: [UUID]) async throws {
        guard !ids.isEmpty else { return }
        try await connection.query(
            "DELETE FROM todos WHERE sandbox = \(sandbox) AND id = ANY(\(ids)::uuid[])", logger: connection.logger)
    }

    /// A todo from a row of the columns every select names, each cell decoded by its position: the
    /// row sequence's `decode` of a tuple type went through parameter packs, which no build
    /// specializes, and looked up generic metadata at run time on every row (BENCHMARKS.md).
    private static func todo(_ row: PostgresRow) throws -> Todo {
        let cells = row.makeRandomAccess()
        return Todo(
            id: try cells[0].decode(UUID.self), description: try cells[1].decode(String.self),
            isComplete: try cells[2].decode(Bool.self), order: try cells[3].decode(Int.self),
            createdAt: Timestamp(secondsSince1970: try cells[4].decode(Int64.self) / 1000),
            updatedAt: Timestamp(secondsSince1970: try cells[5].decode(Int64.self) / 1000))
    }
}
#endif
