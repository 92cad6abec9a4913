import HTTPKit

/// Which format a path's problems are written in: the first domain claiming the path, else
/// RFC 9457.
///
/// Looked up only when an answer is a problem, so successful requests never pay for it; the 503s of
/// requests cut off (deadline, disconnect, shutdown) or refused (overload) ask it too.
struct ProblemFormats: Sendable {
    let endpoints: [Endpoint]

    /// The format of problems answering `path`.
    func format(for path: String) -> ProblemFormat {
        for endpoint in endpoints {
            if let format = endpoint.routes.problemFormat(for: path) { return format }
        }
        return .standard
    }
}
