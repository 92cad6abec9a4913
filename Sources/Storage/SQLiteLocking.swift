/// Whether other processes may open a SQLite file while Counterpart has it open (`--sqlite-locking`).
///
/// In WAL mode every read statement takes and drops a read lock on the `-shm` file: two `fcntl`
/// calls into the kernel, 6 % of an uncached `GET /todos/{id}` by `perf`; without them it answers
/// 10 % more requests a second (BENCHMARKS.md). Only one process uses the file while `serve` runs anyway (`DatabaseLock`), so
/// `exclusive`, the default, opens it through SQLite's `unix-excl` VFS: the process takes SQLite's
/// exclusive lock on the file once and keeps the WAL index in its own memory, and its connections
/// coordinate in memory. Other processes — the `sqlite3` shell, a database browser — are told
/// "database is locked" until the process closes the file. `shared` keeps SQLite's usual POSIX locks
/// and `-shm` file, so they can read (and write) alongside, at that cost per read.
public enum SQLiteLocking: String, Sendable, CaseIterable {
    /// The file is this process's alone while open; reads take no kernel lock.
    case exclusive
    /// Other processes may open the file alongside; every read takes a lock through the kernel.
    case shared

    /// The name SQLite opens for the file at `path`: a `file:` URI of the path, naming the VFS when
    /// exclusive. GRDB has no VFS setting, and SQLite reads every filename as a URI when it starts with
    /// `file:` (the system library is built with `SQLITE_USE_URI`; a test checks that it is), so a
    /// URI in both modes also opens a path that itself starts with `file:` literally. GRDB uses the
    /// name as given, in its messages too; `LocalReads` opens its connections with it.
    public func filename(for path: String) -> String {
        // The path with the URI delimiters escaped; an absolute path gets the empty authority
        // (`file:///…`) so that one starting with `//` is not read as a host.
        let uri = "file:" + (path.hasPrefix("/") ? "//" : "") + Self.escaped(path)
        return switch self {
        case .shared: uri
        case .exclusive: uri + "?vfs=unix-excl"
        }
    }

    /// `path` with `%`, `?` and `#` percent-encoded: the only characters SQLite's URI parser treats
    /// specially in a path.
    private static func escaped(_ path: String) -> String {
        var result = ""
        result.reserveCapacity(path.utf8.count)
        for character in path.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "?": result += "%3F"
            case "#": result += "%23"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
