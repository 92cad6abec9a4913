/// Why the database could not be opened at start-up.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// The file or its directory cannot be opened or created.
    case cannotOpen(String)
    /// Another process holds the database's lock.
    case locked(String)
    /// Migrating the schema failed.
    case migration(String)
    /// The location names a backend this build does not have.
    case unsupported(String)

    public var description: String {
        switch self {
        case .cannotOpen(let message), .locked(let message), .migration(let message), .unsupported(let message):
            message
        }
    }
}
