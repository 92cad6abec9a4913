public import HTTPKit
import HTTPTypes
public import Reducers

/// The one error every repository throws, whatever its backend.
///
/// Backends map their engine's errors into it at once (architecture.md §4.2), so reducers switch
/// over four cases instead of knowing SQLite or PostgreSQL. `unavailable` is the only transient one:
/// retry policies repeat it, nothing else.
public enum RepositoryError: Error, Equatable, ProblemError, RetryableError {
    /// The addressed item does not exist (404).
    case notFound(String)
    /// The write conflicts with stored data (409).
    case conflict(String)
    /// The database is briefly unreachable or busy (503, retryable); the reason — which limit ran
    /// out, what the engine said — goes to the log, not to the client.
    case unavailable(String)
    /// Anything else; logged, never shown to clients (500).
    case unknown(String)

    public var isTransient: Bool {
        if case .unavailable = self { return true }
        return false
    }

    public var problem: Problem {
        switch self {
        case .notFound(let detail):
            .notFound(detail)
        case .conflict(let detail):
            .conflict(detail)
        case .unavailable(let reason):
            .unavailable("The database is busy or unreachable; retry in a second.", cause: reason)
        case .unknown(let detail):
            .internalError(cause: "RepositoryError.unknown: \(detail)")
        }
    }
}
