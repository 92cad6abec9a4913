import CounterpartTestSupport
import Foundation
import GRDB
import Storage
import Testing

@Suite("ColumnCursor")
struct ColumnCursorTests {
    static let notes = Migration("notes") { db in
        try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, size INTEGER)")
        try db.execute(
            sql: "INSERT INTO notes VALUES (1, 'één', 3), (2, NULL, NULL), (3, 'with \"quotes\"', -9223372036854775808)"
        )
    }

    static func database() throws -> any DatabaseWriter {
        try SQLiteDatabase.open(
            .sqliteFile(path: try temporaryDirectory().appendingPathComponent("cursor.sqlite").path),
            migrations: [notes])
    }

    struct Note: Equatable {
        var body: String
        var size: Int64
    }

    static func notes(_ db: Database, above id: Int) throws -> [Note] {
        let cursor = try ColumnCursor(
            db.cachedStatement(sql: "SELECT body, size FROM notes WHERE id > ? ORDER BY id"), arguments: [id]
        ) { Note(body: $0.text(0), size: $0.integer(1)) }
        var notes: [Note] = []
        try cursor.forEach { notes.append($0) }
        return notes
    }

    @Test("decodes text and integers by position; NULL reads as empty text and 0")
    func decodes() throws {
        let notes = try Self.database().read { db in try Self.notes(db, above: 0) }
        #expect(
            notes == [
                Note(body: "één", size: 3), Note(body: "", size: 0), Note(body: "with \"quotes\"", size: Int64.min),
            ])
    }

    @Test("the cached statement runs again with new arguments, and a cursor left early ends its read")
    func reusesTheStatement() throws {
        let database = try Self.database()
        try database.read { db in
            #expect(try Self.notes(db, above: 2).map(\.size) == [Int64.min])
            #expect(try Self.notes(db, above: 0).count == 3)
            let early = try ColumnCursor(
                db.cachedStatement(sql: "SELECT body, size FROM notes WHERE id > ? ORDER BY id"), arguments: [0]
            ) { $0.text(0) }
            #expect(try early.next() == "één")
        }
        // Had the abandoned cursor kept its statement open, its read would block this checkpoint.
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO notes VALUES (4, 'new', 1)")
            try db.checkpoint(.truncate)
        }
        #expect(try database.read { db in try Self.notes(db, above: 3) } == [Note(body: "new", size: 1)])
    }

    @Test("wrong arguments are GRDB's error, thrown before any step")
    func checksArguments() throws {
        let database = try Self.database()
        try database.read { db in
            #expect(throws: DatabaseError.self) {
                _ = try ColumnCursor(db.cachedStatement(sql: "SELECT body FROM notes WHERE id > ?"), arguments: []) {
                    $0.text(0)
                }
            }
        } as Void
    }
}
