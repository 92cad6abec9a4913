public import GRDB
import Glibc
import Synchronization

/// Bounded reads — a point read by key, an indexed range with a `LIMIT` — run on the calling
/// thread, on a read-only SQLite connection that thread owns (`ThreadConnection`).
///
/// GRDB's async `read` hops to a reader queue and back: two context switches and a task resumption
/// around a read that takes a few microseconds. An event loop's effects run on the loop's own
/// thread, so a read that is bounded can run right there instead, on a connection no other thread
/// touches; it blocks the loop no longer than the read. Unbounded work (scans, writes) keeps
/// using GRDB's queues. An in-memory database has no second connection, so it reads through the
/// writer as before.
///
/// A read runs in SQLite's autocommit mode, without GRDB's `BEGIN`/`COMMIT` and `query_only`
/// pragmas around it (four statements that cost more than a point read: measured): one statement
/// reads one consistent snapshot, which is all a bounded read is.
public final class LocalReads: Sendable {
    private let writer: any DatabaseWriter
    private let path: String?
    /// Each reading thread's connection; `nil` once closed, when reads go through the writer.
    private let connections = Mutex<[pthread_t: ThreadConnection]?>([:])

    /// Reads of `writer`'s database: on per-thread connections when it is a file.
    public init(_ writer: any DatabaseWriter) {
        self.writer = writer
        // The pool's filename, URI and all: the thread's connections share its VFS (`SQLiteLocking`).
        path = (writer as? DatabasePool)?.path
    }

    /// How long a read on the calling thread waits for a lock SQLite reports busy (in WAL mode only
    /// while another connection recovers or restarts the log) before it moves to GRDB's readers,
    /// whose own busy timeout then applies: with the statement's own time, the longest a local read
    /// holds an event loop. In seconds.
    public static let busyWait: Double = 0.02

    /// Runs `body`, which must be a bounded read, on this thread's connection (opened on first use),
    /// or through the writer for an in-memory database or when the local connection stays busy.
    /// SQLite's errors come out as `RepositoryError`s (as `RepositoryError.mappingSQLite` maps
    /// them), so a backend needs no wrapper around it: each async layer between an effect and its
    /// read costs a task frame and an executor check.
    public func read<T: Sendable>(_ body: @escaping @Sendable (RowReader) throws -> T) async throws -> T {
        do {
            // Preparing a statement reads the schema, so it can find the database busy too.
            guard let connection = try connection() else { return try await readThroughWriter(body) }
            return try body(RowReader(connection))
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            return try await readThroughWriter(body)
        } catch let error as DatabaseError {
            throw RepositoryError(sqlite: error)
        }
    }

    private func readThroughWriter<T: Sendable>(_ body: @escaping @Sendable (RowReader) throws -> T) async throws -> T {
        do {
            return try await writer.read { db in try body(RowReader(db)) }
        } catch let error as DatabaseError {
            throw RepositoryError(sqlite: error)
        }
    }

    private func connection() throws -> ThreadConnection? {
        guard let path else { return nil }
        let thread = pthread_self()
        let (isOpen, existing) = connections.withLock { ($0 != nil, $0?[thread]) }
        if let existing { return existing }
        guard isOpen else { return nil }
        let connection = try ThreadConnection(filename: path, busyWait: Self.busyWait)
        connections.withLock { $0?[thread] = connection }
        return connection
    }

    /// Closes every thread's connection; reads after it go through the writer. Call it once no
    /// thread reads any more (a server's loops have stopped): a connection's own thread does not
    /// expect it to close.
    public func close() {
        // Released once the statement ends, outside the lock: each connection finalizes its
        // statements and closes.
        _ = connections.withLock { $0.take() }
    }
}
