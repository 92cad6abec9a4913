/// A request rejected before any feature runs: unknown path, wrong method, unreadable body.
///
/// Routers and body parsers throw it with typed throws, so the set of outcomes is closed and each
/// carries its api.md problem (404, 405, 400, 406, 413, 415, 422).
public struct RouteError: ProblemError, Equatable {
    public var problem: Problem

    /// Wraps `problem`.
    public init(_ problem: Problem) {
        self.problem = problem
    }
}
