import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import Storage
import TodosFeature

#if PostgreSQL
import PostgresStorage
import TodosPostgres
#endif

/// Every todo backend the contract suite runs against; each case starts empty.
///
/// The `…Sandbox` cases share their database with another sandbox (api.md §6.4) that already holds
/// todos with the very ids the suite uses: a read or write that crossed sandboxes fails the contract.
enum Backend: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqliteMemory
    case sqliteFile
    case sqliteSandbox
    #if PostgreSQL
    case postgres
    case postgresSandbox
    #endif

    var description: String { rawValue }

    /// A fresh, empty repository of this kind.
    func make() async throws -> TodoRepository {
        switch self {
        case .inMemory:
            return .inMemory()
        case .sqliteMemory:
            return .sqlite(try SQLiteDatabase.open(.memory, migrations: TodosMigrations.all))
        case .sqliteFile:
            return .sqlite(try Self.sqliteFile())
        case .sqliteSandbox:
            let database = try Self.sqliteFile()
            try await Self.fillNeighbour(.sqlite(database, sandbox: SandboxPartition(key: Self.neighbour)))
            return .sqlite(database, sandbox: SandboxPartition(key: "under-test"))
        #if PostgreSQL
        case .postgres:
            return .postgres(try await TestPostgres.migratedBackend(TodosMigrations.postgres))
        case .postgresSandbox:
            let backend = try await TestPostgres.migratedBackend(TodosMigrations.postgres)
            try await Self.fillNeighbour(.postgres(backend, sandbox: SandboxPartition(key: Self.neighbour)))
            return .postgres(backend, sandbox: SandboxPartition(key: "under-test"))
        #endif
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

    /// Stores `neighbourTodos` through the neighbour's own store.
    static func fillNeighbour(_ neighbour: TodoRepository) async throws {
        _ = try await neighbour.write(.importAll(neighbourTodos))
    }

    private static func sqliteFile() throws -> any DatabaseWriter {
        let path = try temporaryDirectory().appendingPathComponent("todos.sqlite").path
        return try SQLiteDatabase.open(.sqliteFile(path: path), migrations: TodosMigrations.all)
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
