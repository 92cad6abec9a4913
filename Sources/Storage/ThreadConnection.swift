import GRDB
import GRDBSQLite

/// A read-only SQLite connection one thread opened for its bounded reads (`LocalReads`), each
/// query's statement prepared on first use and kept.
///
/// It is SQLite's own handle rather than a GRDB `DatabaseQueue`: GRDB runs every access through
/// the connection's dispatch queue, even from the thread that owns it, and binds through its own
/// value types; with SQLite's lock around each call, that was 40 % of a point read's instructions
/// (measured). Only its thread uses the connection, so it is opened without SQLite's per-connection
/// mutex (`SQLITE_OPEN_NOMUTEX`), and that ownership is why it may be `@unchecked Sendable`: the
/// table that holds it is locked, the connection is never shared.
final class ThreadConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private var statements: [OpaquePointer?] = []

    /// Opens `filename` (a path or a `file:` URI) read-only; a lock found busy is retried for
    /// `busyWait` seconds before SQLite reports `SQLITE_BUSY`.
    init(filename: String, busyWait: Double) throws(DatabaseError) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(
            filename, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_close_v2(opened)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        handle = opened
        sqlite3_busy_timeout(handle, Int32(busyWait * 1000))
    }

    /// `query`'s statement on this connection, prepared the first time it is asked for.
    func statement(for query: ReadQuery) throws(DatabaseError) -> OpaquePointer {
        if query.slot < statements.count, let prepared = statements[query.slot] { return prepared }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, query.sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(handle)), sql: query.sql
            )
        }
        if query.slot >= statements.count {
            statements.append(contentsOf: repeatElement(nil, count: query.slot + 1 - statements.count))
        }
        statements[query.slot] = prepared
        return prepared
    }

    deinit {
        for statement in statements { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }
}
