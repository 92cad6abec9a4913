public import GRDB
import GRDBSQLite

/// What the body of a bounded read reads with: a `ReadQuery`'s rows, each decoded by position
/// straight from SQLite's columns.
///
/// GRDB's `Row` reads a column through a generic conversion and a row object per step: on an
/// uncached `GET /todos` of 100 rows that was half of the read's time (measured). A reader runs on
/// the calling thread's own connection (`LocalReads`) or, made from a GRDB `Database`, inside that
/// access — a write's transaction, or a read `LocalReads` moved to GRDB's readers — on statements
/// GRDB caches for the connection. Either way the statement is reset before the call returns, so
/// a read leaves no lock behind.
public struct RowReader: CustomStringConvertible {
    private enum Connection {
        case thread(ThreadConnection)
        case database(Database)
    }

    private let connection: Connection

    init(_ connection: ThreadConnection) {
        self.connection = .thread(connection)
    }

    /// A reader inside `db`'s access, valid only as long as that access.
    public init(_ db: Database) {
        connection = .database(db)
    }

    /// Which connection reads: the thread's own, or the GRDB connection it was made from.
    public var description: String {
        switch connection {
        case .thread: "the thread's own read connection"
        case .database(let db): db.description
        }
    }

    // `all`, `first` and `reduce` are inlinable so that each caller's row type is known where the rows are
    // collected: generic across the module boundary, the array's metadata and `append` cost 500
    // instructions a row (measured on a list of 100).

    /// Every row `query` returns with `arguments` bound, made by `decode`.
    @inlinable
    public func all<Element>(
        _ query: ReadQuery, _ arguments: [SQLiteArgument] = [], decode: (SQLiteColumns) throws -> Element
    ) throws -> [Element] {
        try reduce(query, arguments, into: []) { rows, columns in rows.append(try decode(columns)) }
    }

    /// The first row `query` returns with `arguments` bound, made by `decode`; `nil` when none.
    @inlinable
    public func first<Element>(
        _ query: ReadQuery, _ arguments: [SQLiteArgument] = [], decode: (SQLiteColumns) throws -> Element
    ) throws -> Element? {
        var first: Element?
        try step(query, arguments) { columns in
            first = try decode(columns)
            return false
        }
        return first
    }

    /// Every row `query` returns with `arguments` bound, folded into `initial` by `update`.
    @inlinable
    public func reduce<Result>(
        _ query: ReadQuery, _ arguments: [SQLiteArgument] = [], into initial: Result,
        _ update: (inout Result, SQLiteColumns) throws -> Void
    ) throws -> Result {
        var result = initial
        try step(query, arguments) { columns in
            try update(&result, columns)
            return true
        }
        return result
    }

    /// Binds `arguments`, then hands each row to `row` while it answers `true`.
    @usableFromInline
    func step(
        _ query: ReadQuery, _ arguments: [SQLiteArgument], _ row: (SQLiteColumns) throws -> Bool
    ) throws {
        let statement =
            switch connection {
            case .thread(let connection): try connection.statement(for: query)
            case .database(let db): try db.cachedStatement(sql: query.sql).sqliteStatement
            }
        defer { sqlite3_reset(statement) }
        try bind(arguments, to: statement, of: query)
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: if try !row(SQLiteColumns(statement: statement)) { return }
            case SQLITE_DONE: return
            case let code: throw Self.error(code, statement: statement, query: query)
            }
        }
    }

    private func bind(_ arguments: [SQLiteArgument], to statement: OpaquePointer, of query: ReadQuery) throws {
        // A `?` left unbound would keep the value of the statement's previous read.
        guard sqlite3_bind_parameter_count(statement) == arguments.count else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "The query expects \(sqlite3_bind_parameter_count(statement)) arguments, "
                    + "and \(arguments.count) were given.",
                sql: query.sql)
        }
        for (offset, argument) in arguments.enumerated() {
            let position = Int32(offset + 1)
            let code =
                switch argument {
                case .integer(let value):
                    sqlite3_bind_int64(statement, position, value)
                case .real(let value):
                    sqlite3_bind_double(statement, position, value)
                case .text(var text):
                    text.withUTF8 { bytes in
                        // A null pointer would bind NULL, not the empty text.
                        guard let start = bytes.baseAddress, bytes.count > 0 else {
                            return sqlite3_bind_text(statement, position, "", 0, nil)
                        }
                        return sqlite3_bind_text(
                            statement, position, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                            Int32(bytes.count), Self.transient)
                    }
                }
            guard code == SQLITE_OK else { throw Self.error(code, statement: statement, query: query) }
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`: it copies the bound text, which lives only as long as the call.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private static func error(_ code: Int32, statement: OpaquePointer, query: ReadQuery) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code),
            message: String(cString: sqlite3_errmsg(sqlite3_db_handle(statement))),
            sql: query.sql)
    }
}
