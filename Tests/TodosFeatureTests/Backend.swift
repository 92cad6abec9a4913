import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import Storage
import TodosFeature

/// Every todo backend the contract suite runs against; each case starts empty.
enum Backend: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqliteMemory
    case sqliteFile

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
