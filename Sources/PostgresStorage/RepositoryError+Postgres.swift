#if PostgreSQL
import PostgresNIO
import Storage
import _ConnectionPoolModule

extension RepositoryError {
    /// Maps a PostgreSQL failure into `RepositoryError` (architecture.md §4.3): a unique violation is
    /// `conflict`; a lost or refused connection, a server shutting down, a serialization failure, a
    /// deadlock, a statement timeout, too many connections, or a pool that refuses to lease (stopped,
    /// or its circuit breaker open after a long outage) is `unavailable` (503, retryable); anything
    /// else `unknown`. Domain errors pass through unchanged, also out of a failed transaction. The
    /// message names the SQLSTATE and the server's text, never the connection's password.
    static func mappingPostgres(_ error: any Error) -> any Error {
        if let failed = error as? PostgresTransactionError {
            // What failed first decides: the body's own error, else BEGIN's or COMMIT's.
            return mappingPostgres(failed.closureError ?? failed.beginError ?? failed.commitError ?? error)
        }
        if let refused = error as? ConnectionPoolError {
            return RepositoryError.unavailable("PostgreSQL is unreachable (the pool refused a connection: \(refused)).")
        }
        guard let error = error as? PSQLError else { return error }
        if error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? "?"
            let message = "PostgreSQL \(state): \(error.serverInfo?[.message] ?? "no message")"
            switch state {
            case "23505": return RepositoryError.conflict(message)
            case "40001", "40P01", "53300", "57014", "57P01", "57P02", "57P03":
                return RepositoryError.unavailable(message)
            default: return RepositoryError.unknown(message)
            }
        }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .poolClosed, .uncleanShutdown,
            .queryCancelled:
            return RepositoryError.unavailable("PostgreSQL is unreachable (\(error.code)).")
        default:
            return RepositoryError.unknown("PostgreSQL client error \(error.code).")
        }
    }
}
#endif
