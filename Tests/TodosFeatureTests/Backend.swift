import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import Storage
import TodosFeature

/// Every todo backend the contract suite runs against; each case starts empty.
///
/// `sqliteSandbox` is a file shared with another sandbox (api.md §6.4) that already holds todos
/// with the very ids the suite uses: a read or write that crossed sandboxes fails the contract.
enum Backend: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqliteMemory
    case sqliteFile
    case sqliteSandbox

    var description: String { rawValue }

    /// A fresh, empty repository of this kind.
    func make() throws -> TodoRepository {
        switch self {
        case .inMemory:
            return .inMemory()
        case .sqliteMemory:
            return .sqlite(try SQLiteDatabase.open(.memory, migrations: TodosMigrations.all))
        case .sqliteFile:
            let path = try temporaryDirectory().appendingPathComponent("todos.sqlite").path
            return .sqlite(try SQLiteDatabase.open(.sqliteFile(path: path), migrations: TodosMigrations.all))
        case .sqliteSandbox:
            let path = try temporaryDirectory().appendingPathComponent("todos.sqlite").path
            let database = try SQLiteDatabase.open(.sqliteFile(path: path), migrations: TodosMigrations.all)
            try Self.fillNeighbour(database)
            return .sqlite(database, sandbox: SandboxPartition(key: "under-test"))
        }
    }

    /// The sandbox beside the one under test, and what it holds: todos 1–1,000 (the store's
    /// limit), complete, described "Neighbour n".
    static let neighbour = "neighbour"
    static let neighbourTodos = (1...1_000).map { number in
        var todo = Fixtures.todo(number, complete: true)
        todo.description = "Neighbour \(number)"
        return todo
    }

    private static func fillNeighbour(_ database: any DatabaseWriter) throws {
        try database.write { db in
            for todo in neighbourTodos {
                try db.execute(
                    sql: """
                        INSERT INTO todos (sandbox, id, description, isComplete, "order", createdAt, updatedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        neighbour, todo.id.lowercased, todo.description, todo.isComplete, todo.order,
                        todo.createdAt.secondsSince1970 * 1000, todo.updatedAt.secondsSince1970 * 1000,
                    ])
            }
        }
    }
}

/// Fixed values for contract tests.
enum Fixtures {
    static let now = Timestamp.seedEpoch.adding(seconds: 86_400)
    static let later = now.adding(seconds: 60)

    static func id(_ number: Int) -> UUID {
        let suffix = String(number)
        return UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - suffix.count) + suffix)
            ?? UUID()
    }

    static func todo(_ number: Int, order: Int? = nil, complete: Bool = false) -> Todo {
        let time = Timestamp.seedEpoch.adding(seconds: Int64(number) * 60)
        return Todo(
            id: id(number),
            description: "Todo \(number)",
            isComplete: complete,
            order: order ?? number,
            createdAt: time,
            updatedAt: time
        )
    }
}
