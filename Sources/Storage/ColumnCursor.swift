public import GRDB
import GRDBSQLite

/// A cursor that decodes each row from SQLite's own column accessors, for the hot reads that
/// return many rows.
///
/// GRDB's `Row` reads a column through a generic conversion and a row object per step: on an
/// uncached `GET /todos` of 100 rows that was half of the read's time (measured). This cursor keeps
/// GRDB's statement life cycle — its cached statements, argument checks, stepping and error
/// reporting, through the `DatabaseCursor` protocol — and hands `decode` the step's columns. Like
/// any GRDB cursor, it is valid only inside the database access that made it.
public final class ColumnCursor<Element>: DatabaseCursor {
    public let _statement: Statement
    public var _isDone = false
    private let decode: (SQLiteColumns) throws -> Element

    /// A cursor over `statement` run with `arguments`, each row made by `decode`.
    public init(
        _ statement: Statement, arguments: StatementArguments, decode: @escaping (SQLiteColumns) throws -> Element
    ) throws {
        try statement.setArguments(arguments)
        _statement = statement
        self.decode = decode
    }

    public func _element(sqliteStatement: SQLiteStatement) throws -> Element {
        try decode(SQLiteColumns(statement: sqliteStatement))
    }

    deinit {
        // Ends the statement's read at once, as GRDB's own cursors do; an error of the last step
        // was thrown by `next()` already.
        sqlite3_reset(_statement.sqliteStatement)
    }
}

/// The columns of the row a statement has just stepped to, by position; valid only until the next
/// step, so decoders copy what they keep.
public struct SQLiteColumns {
    let statement: SQLiteStatement

    /// The column as text (`""` for `NULL`).
    public func text(_ index: Int32) -> String {
        withUTF8(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The column as an integer (`0` for `NULL`).
    public func integer(_ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    /// Calls `body` with the column's UTF-8 bytes in place, without making a `String`.
    public func withUTF8<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        // `sqlite3_column_text` first, then `sqlite3_column_bytes`: the order SQLite documents for
        // a length that matches the text's encoding.
        let start = sqlite3_column_text(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        return try body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
    }
}
