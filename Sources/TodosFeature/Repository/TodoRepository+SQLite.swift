import Foundation
public import GRDB
import HTTPKit
public import Storage

extension TodoRepository {
    /// The store in SQLite through GRDB: reads — a todo by id, a list of at most the 1,000 stored —
    /// are bounded, so they run on the calling thread's own read-only connection (`LocalReads`: an
    /// event loop reads without a thread hop); each write is one transaction
    /// that loads the (at most 1,000) stored todos, applies `TodoRules`, and writes back only the
    /// rows that changed.
    ///
    /// Every row belongs to a sandbox (api.md §6.4): this store sees `sandbox`'s rows only, and
    /// writes only while that sandbox lives. Stores of several sandboxes on one file share `reads`,
    /// so each thread opens one connection, not one per sandbox. Each change is published to
    /// `events` as its transaction commits, on the writer's queue: in commit order.
    public static func sqlite(
        _ database: any DatabaseWriter, sandbox: SandboxPartition = .default, reads: LocalReads? = nil,
        publishingTo events: TodoEventLog? = nil
    ) -> Self {
        let version = DataVersion()
        let reads = reads ?? LocalReads(database)
        let rows = TodoRows(sandbox: sandbox.key)
        return Self(
            list: { filter in
                try await reads.read { reader in try rows.list(reader, filter: filter) }
            },
            fetch: { id in
                try await reads.read { reader in
                    guard let todo = try rows.fetchOne(reader, id: id) else {
                        throw RepositoryErrorMessages.notFound(id)
                    }
                    return todo
                }
            },
            write: { change in
                try await RepositoryError.mappingSQLite {
                    try await database.write { db in
                        try sandbox.checkLive(db)
                        let mutation = try TodoRules.apply(change, to: rows.fetch(RowReader(db), filter: .all))
                        for id in mutation.deletions { try rows.delete(db, id: id) }
                        for todo in mutation.upserts { try rows.upsert(db, todo) }
                        guard mutation.changesRows else { return mutation.outcome }
                        let published = TodoEvent.Change(mutation)
                        // After the commit, on the writer's queue, in commit order: the version first
                        // (a reader that saw the old one cached old data under it), then the event, so
                        // a subscriber that reads on hearing of it is not served that cached answer.
                        db.afterNextTransaction { _ in
                            version.bump()
                            if let events, let published { events.publish(published) }
                        }
                        return mutation.outcome
                    }
                }
            },
            version: .local { version.current }
        )
    }
}

extension TodoRepository {
    /// Removes every todo of `sandbox`: one range of the primary key, whatever the others hold.
    public static func dropSandbox(_ db: Database, _ sandbox: String) throws {
        try db.execute(sql: "DELETE FROM todos WHERE sandbox = ?", arguments: [sandbox])
    }
}

/// One sandbox's rows of the `todos` table: its SQL, all with bound arguments.
struct TodoRows: Sendable {
    static let columns = #"id, description, isComplete, "order", createdAt, updatedAt"#
    private static let order = #" ORDER BY "order", createdAt, id"#
    private static let selectAll = ReadQuery("SELECT \(columns) FROM todos WHERE sandbox = ?" + order)
    private static let selectByCompletion = ReadQuery(
        "SELECT \(columns) FROM todos WHERE sandbox = ? AND isComplete = ?" + order)
    private static let selectOne = ReadQuery("SELECT \(columns) FROM todos WHERE sandbox = ? AND id = ?")

    /// The sandbox whose rows these are.
    let sandbox: String

    /// The todos that pass `filter`, for a write to change.
    func fetch(_ reader: RowReader, filter: TodoFilter) throws -> [Todo] {
        let (query, arguments) = select(filter)
        return try reader.all(query, arguments, decode: Self.todo)
    }

    /// The todos that pass `filter`, their columns appended as they are stored: a list read.
    func list(_ reader: RowReader, filter: TodoFilter) throws -> TodoList {
        let (query, arguments) = select(filter)
        var list = TodoList()
        // Room for 128 todos from the start: grown from nothing, a list of 100 moved its bytes
        // seven times (measured). A longer list still grows.
        list.reserveCapacity(128, descriptionBytes: 128 * 32)
        return try reader.reduce(query, arguments, into: list, Self.append)
    }

    private func select(_ filter: TodoFilter) -> (ReadQuery, [SQLiteArgument]) {
        switch filter {
        case .all: (Self.selectAll, [.text(sandbox)])
        case .active, .completed: (Self.selectByCompletion, [.text(sandbox), .integer(filter == .completed ? 1 : 0)])
        }
    }

    func fetchOne(_ reader: RowReader, id: UUID) throws -> Todo? {
        try reader.first(Self.selectOne, [.text(sandbox), .text(id.lowercased)], decode: Self.todo)
    }

    func upsert(_ db: Database, _ todo: Todo) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO todos (sandbox, \(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(sandbox, id) DO UPDATE SET description = excluded.description,
                isComplete = excluded.isComplete, "order" = excluded."order", createdAt = excluded.createdAt,
                updatedAt = excluded.updatedAt
                """
        ).execute(arguments: [
            sandbox, todo.id.lowercased, todo.description, todo.isComplete, todo.order,
            todo.createdAt.secondsSince1970 * 1000, todo.updatedAt.secondsSince1970 * 1000,
        ])
    }

    func delete(_ db: Database, id: UUID) throws {
        try db.execute(sql: "DELETE FROM todos WHERE sandbox = ? AND id = ?", arguments: [sandbox, id.lowercased])
    }

    /// Appends a row of `columns` to `list`, its text copied from SQLite as it is.
    static func append(_ list: inout TodoList, _ row: SQLiteColumns) throws {
        let appended = row.withUTF8(0) { id in
            row.withUTF8(1) { description in
                list.appendStored(
                    id: id, description: description, isComplete: row.integer(2) != 0, order: Int(row.integer(3)),
                    createdAt: Timestamp(secondsSince1970: row.integer(4) / 1000),
                    updatedAt: Timestamp(secondsSince1970: row.integer(5) / 1000))
            }
        }
        guard appended else { throw malformedID(row) }
    }

    /// A todo from a row of `columns`, read by position straight from SQLite.
    static func todo(_ row: SQLiteColumns) throws -> Todo {
        guard let id = row.withUTF8(0, UUID.init(strictUTF8:)) else { throw malformedID(row) }
        return Todo(
            id: id,
            description: row.text(1),
            isComplete: row.integer(2) != 0,
            order: Int(row.integer(3)),
            createdAt: Timestamp(secondsSince1970: row.integer(4) / 1000),
            updatedAt: Timestamp(secondsSince1970: row.integer(5) / 1000)
        )
    }

    private static func malformedID(_ row: SQLiteColumns) -> RepositoryError {
        .unknown("The todos table holds a malformed id \(row.text(0)).")
    }
}
