import Glibc

/// An exclusive `flock` on `<database>.lock`, held while `serve` runs.
///
/// Two servers writing one SQLite file would each believe their response cache and data version
/// are current; the lock makes the second refuse to start instead (architecture.md §4.3).
public final class DatabaseLock: Sendable {
    private let fd: Int32
    /// The lock file's path.
    public let path: String

    /// Takes the lock next to `databasePath`, or throws naming the file when another process has it.
    public init(databasePath: String) throws(StorageError) {
        path = databasePath + ".lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .cannotOpen("Cannot create the lock file \(path): \(String(cString: strerror(errno))).")
        }
        // No close on failure: deinit runs even when init throws once every property is set, and a
        // second close could close a descriptor another thread has just been given.
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            throw .locked(
                "Another counterpart process is using \(databasePath) (it holds \(path)). Stop it, or pass another "
                    + "--database."
            )
        }
    }

    deinit {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }
}
