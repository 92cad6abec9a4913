/// How a problem is written on the wire: RFC 9457 everywhere, GitHub's error envelope on the
/// GitHub-compatible routes.
///
/// api.md §3.5: clients written for GitHub decode nothing else. Octokit reads a body only when its
/// type is `application/json`, and GitHub's published `basic-error` model has a string `status`, so
/// the same `Problem` is rendered differently depending on which route it answers — including the
/// 404, 405, 413, 429 and 503 the shared pipeline makes, which is why the format travels with the
/// request rather than with the problem.
public enum ProblemFormat: Sendable, Equatable {
    /// RFC 9457 `application/problem+json`: `type`, `title`, `status`, `detail`, `instance`, `errors`.
    case standard
    /// GitHub's envelope as `application/json`: `message`, `errors` (when there are any),
    /// `documentation_url`, `status` as a string, then `instance`.
    case github(documentationURL: String)

    /// The `Content-Type` a problem in this format is sent with.
    public var contentType: String {
        switch self {
        case .standard: MediaType.problemJSON
        case .github: MediaType.json
        }
    }
}
