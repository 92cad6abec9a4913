import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import Storage
import Testing

@testable import TodosFeature

/// A list read copies SQLite's columns as they are stored (`TodoList.appendStored`): rows written
/// by something other than Counterpart are read as a todo is, or refused by name.
@Suite("SQLite rows read into a list")
struct TodoSQLiteRowsTests {
    static func database(holding ids: [String]) throws -> any DatabaseWriter {
        let database = try SQLiteDatabase.open(.memory, migrations: TodosMigrations.all)
        try database.write { db in
            for (order, id) in ids.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO todos (sandbox, id, description, isComplete, "order", createdAt, updatedAt)
                        VALUES (?, ?, ?, 0, ?, 0, 0)
                        """,
                    arguments: [SandboxPartition.default.key, id, "row \(order)", order])
            }
        }
        return database
    }

    @Test("an id stored in capitals is listed lowercase, as fetching the todo reads it")
    func capitalIDs() async throws {
        let id = UUID()
        let todos = TodoRepository.sqlite(try Self.database(holding: [id.uuidString]))
        let listed = try await todos.list(.all)
        #expect(listed.map(\.id) == [id])
        let body = String(decoding: listed.body(baseURL: "http://h").bytes, as: UTF8.self)
        #expect(body.contains(#""id":"\#(id.lowercased)""#))
        #expect(!body.contains(id.uuidString))
    }

    @Test("a malformed stored id fails the list read, naming the id")
    func malformedID() async throws {
        let todos = TodoRepository.sqlite(try Self.database(holding: [UUID().lowercased, "not-a-uuid"]))
        await #expect {
            try await todos.list(.all)
        } throws: { error in
            (error as? RepositoryError).map { "\($0)".contains("malformed id not-a-uuid") } ?? false
        }
    }
}
