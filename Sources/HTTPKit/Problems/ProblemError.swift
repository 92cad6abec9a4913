/// An error that knows the HTTP problem it becomes.
///
/// Every error a request can meet adopts it (`RouteError`, `RepositoryError`, each domain's
/// validation errors), so turning a failure into a response is one property read and no layer
/// guesses a status.
public protocol ProblemError: Error {
    /// The problem sent to the client for this error.
    var problem: Problem { get }
}
