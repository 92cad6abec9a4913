/// Whether other processes may open a SQLite file while Counterpart has it open (`--sqlite-locking`).
///
/// In WAL mode every read statement takes and drops a read lock on the `-shm` file: two `fcntl`
/// calls into the kernel, ~1.5 µs, about a tenth of an uncached `GET /todos/{id}` (issue #14,
/// BENCHMARKS.md). Only one process uses the file while `serve` runs anyway (`DatabaseLock`), so
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

    /// The name SQLite opens for the file at `path`: the path itself, or a `file:` URI naming the VFS.
    /// (GRDB has no VFS setting; SQLite reads URIs in every filename, since the system library is built
    /// with `SQLITE_USE_URI`, and a test checks that it does.)
    public func filename(for path: String) -> String {
        switch self {
        case .shared:
            path
        case .exclusive:
            // `file:` then the path with the URI delimiters escaped; an absolute path gets the empty
            // authority (`file:///…`) so that one starting with `//` is not read as a host.
            "file:" + (path.hasPrefix("/") ? "//" : "") + Self.escaped(path) + "?vfs=unix-excl"
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
