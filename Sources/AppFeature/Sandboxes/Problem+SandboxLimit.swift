import HTTPKit
import HTTPTypes

extension Problem {
    /// 503 `sandbox-limit` (api.md §6.4): a new sandbox would exceed `--max-sandboxes`;
    /// `Retry-After` is when the least recently used one expires.
    /// GitHub's envelope (`/search/…`) says it in its `message`, not only "Service Unavailable".
    static func sandboxLimit(maximum: Int, retryAfter: Int64) -> Problem {
        var problem = Problem(
            status: .serviceUnavailable,
            slug: "sandbox-limit",
            title: "Sandbox limit reached",
            detail:
                "This server keeps at most \(maximum) sandboxes besides default, and all are in use: retry after "
                + "\(retryAfter) s, when the least recently used one expires, or drop one you no longer need "
                + "with DELETE /sandboxes/{name}.",
            headers: [.retryAfter: "\(retryAfter)"]
        )
        problem.message = problem.title + ". " + problem.detail
        return problem
    }
}
