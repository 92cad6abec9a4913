import GRDB

extension RepositoryError {
    /// Runs a GRDB call and maps SQLite's errors into `RepositoryError` at once (architecture.md
    /// §4.2). Domain errors thrown inside pass through unchanged.
    public static func mappingSQLite<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw RepositoryError(sqlite: error)
        }
    }

    /// SQLite's `error` as a repository error: busy or locked is `unavailable` (retryable),
    /// anything else from the engine `unknown`.
    init(sqlite error: DatabaseError) {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .unavailable("\(error)")
        default: self = .unknown("\(error)")
        }
    }
}
