import GRDBSQLite

/// The columns of the row a statement has just stepped to, by position; valid only until the next
/// step, so decoders copy what they keep.
public struct SQLiteColumns {
    let statement: OpaquePointer

    /// Whether the column is `NULL`.
    public func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    /// The column as text (`""` for `NULL`).
    public func text(_ index: Int32) -> String {
        withUTF8(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The column as text, `nil` for `NULL`.
    public func optionalText(_ index: Int32) -> String? {
        isNull(index) ? nil : text(index)
    }

    /// The column as an integer (`0` for `NULL`).
    public func integer(_ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    /// The column as a floating-point number (`0` for `NULL`).
    public func real(_ index: Int32) -> Double {
        sqlite3_column_double(statement, index)
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
