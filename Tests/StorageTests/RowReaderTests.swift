import CounterpartTestSupport
import Foundation
import GRDB
import Storage
import Testing

@Suite("RowReader")
struct RowReaderTests {
    static let notes = Migration("notes") { db in
        try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, size INTEGER, weight REAL)")
        try db.execute(
            sql: """
                INSERT INTO notes VALUES (1, 'één', 3, 0.5), (2, NULL, NULL, NULL),
                (3, 'with "quotes"', -9223372036854775808, -1e300)
                """
        )
    }

    static func database() throws -> any DatabaseWriter {
        try SQLiteDatabase.open(
            .sqliteFile(path: try temporaryDirectory().appendingPathComponent("reader.sqlite").path),
            migrations: [notes])
    }

    struct Note: Equatable {
        var body: String?
        var size: Int64
        var weight: Double
    }

    static let above = ReadQuery("SELECT body, size, weight FROM notes WHERE id > ? ORDER BY id")
    static let byBody = ReadQuery("SELECT id FROM notes WHERE body = ?")
    static let inWeights = ReadQuery("SELECT id FROM notes WHERE weight BETWEEN ? AND ? ORDER BY id")

    static func note(_ row: SQLiteColumns) -> Note {
        Note(body: row.optionalText(0), size: row.integer(1), weight: row.real(2))
    }

    @Test("decodes text, integers and reals by position; NULL reads as nil, 0 and 0")
    func decodes() throws {
        let notes = try Self.database().read { db in try RowReader(db).all(Self.above, [.integer(0)], decode: Self.note)
        }
        #expect(
            notes == [
                Note(body: "één", size: 3, weight: 0.5), Note(body: nil, size: 0, weight: 0),
                Note(body: #"with "quotes""#, size: Int64.min, weight: -1e300),
            ])
    }

    @Test("binds text (the empty text too, not NULL), integers and reals")
    func binds() throws {
        let database = try Self.database()
        try database.write { db in try db.execute(sql: "INSERT INTO notes VALUES (4, '', 0, 2)") }
        let ids = try database.read { db in
            let reader = RowReader(db)
            let id: (SQLiteColumns) -> Int64 = { $0.integer(0) }
            return try [
                reader.all(Self.byBody, [.text("één")], decode: id), reader.all(Self.byBody, [.text("")], decode: id),
                reader.all(Self.inWeights, [.real(0.25), .real(2)], decode: id),
            ]
        }
        #expect(ids == [[1], [4], [1, 4]])
    }

    @Test("the statement runs again with new arguments, and a read that stops at the first row ends it")
    func reusesTheStatement() throws {
        let database = try Self.database()
        let reads = try database.read { db in
            let reader = RowReader(db)
            let body: (SQLiteColumns) -> String = { $0.text(0) }
            return try (
                reader.all(Self.above, [.integer(2)], decode: Self.note).map(\.size),
                reader.all(Self.above, [.integer(0)], decode: Self.note).count,
                reader.first(Self.above, [.integer(0)], decode: body),
                reader.first(Self.above, [.integer(3)], decode: body)
            )
        }
        #expect(reads.0 == [Int64.min])
        #expect(reads.1 == 3)
        #expect(reads.2 == "één")
        #expect(reads.3 == nil)
        // Had the first-row read left its statement stepping, it would hold a read that blocks this checkpoint.
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO notes VALUES (4, 'new', 1, 1)")
            try db.checkpoint(.truncate)
        }
        #expect(
            try database.read { db in try RowReader(db).all(Self.above, [.integer(3)], decode: Self.note) }
                == [Note(body: "new", size: 1, weight: 1)])
    }

    @Test("too few or too many arguments are an error naming both counts, thrown before any step")
    func checksArguments() throws {
        let database = try Self.database()
        try database.read { db in
            for arguments: [SQLiteArgument] in [[], [.integer(1), .integer(2)]] {
                let error = #expect(throws: DatabaseError.self) {
                    _ = try RowReader(db).all(Self.above, arguments) { $0.text(0) }
                }
                #expect(error?.message == "The query expects 1 arguments, and \(arguments.count) were given.")
            }
        } as Void
    }

    @Test("a decoder's error ends the read and reaches the caller")
    func decoderThrows() throws {
        struct Refused: Error {}
        let database = try Self.database()
        let count = try database.read { db in
            #expect(throws: Refused.self) {
                _ = try RowReader(db).all(Self.above, [.integer(0)]) { _ in throw Refused() }
            }
            return try RowReader(db).all(Self.above, [.integer(0)], decode: Self.note).count
        }
        #expect(count == 3)
    }
}
