import Glibc

/// An exclusive `flock` on `<database>.lock`, held while `serve` runs.
///
/// Two servers writing one SQLite file would each believe their response cache and data version
/// are current; the lock makes the second refuse to start instead (architecture.md §4.3).
public final class DatabaseLock: Sendable {
    private let fd: Int32
    /// The lock file's path.
    public let path: String

    /// Takes the lock next to `databasePath`, or throws naming the file when another process has it
    /// or saying how to make its folder writable.
    public init(databasePath: String) throws(StorageError) {
        path = databasePath + ".lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(Self.cannotCreate(path, errno: errno)) }
        // No close on failure: deinit runs even when init throws once every property is set, and a
        // second close could close a descriptor another thread has just been given.
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            throw .locked(
                "Another counterpart process is using \(databasePath) (it holds \(path)). Stop it, or pass another "
                    + "--database."
            )
        }
    }

    /// Why the lock file could not be created; when the folder is not writable (a host folder
    /// mounted into a container, owned by another user), what to do about it.
    static func cannotCreate(_ path: String, errno code: Int32) -> String {
        let reason = "Cannot create the lock file \(path): \(String(cString: strerror(code)))."
        guard code == EACCES || code == EPERM || code == EROFS else { return reason }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let user = getuid()
        return reason
            + " This process runs as uid \(user) and cannot write in \(folder.isEmpty ? "." : folder). Give it a "
            + "folder it can write: a named volume (docker run -v counterpart-data:/data), the folder's owner "
            + "(docker run --user $(id -u):$(id -g) -v ./data:/data), or chown the folder to uid \(user); "
            + "or pass another --database."
    }

    deinit {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }
}
