public import HTTPKit
import HTTPTypes

/// The search errors of api.md §3.5, with GitHub's messages; the pipeline writes them in GitHub's
/// envelope (`ProblemFormat.github`) because they answer a GitHub-compatible route.
public enum SearchError: Error, Equatable, ProblemError {
    /// `q` missing or blank (422 `missing`).
    case missing(String)
    /// A bad `q` term, `sort`, `order` or number (422 `invalid`, `field` = the parameter).
    case invalid(String, String)
    /// A page starting past result 1,000 (422).
    case outsideWindow
    /// An unknown `/repos/{owner}/{repo}` (404).
    case notFound(String)

    /// The `documentation_url` of every GitHub-envelope error (api.md §3.5).
    public static let documentation = "https://docs.github.com/rest/search/search#search-repositories"

    public var problem: Problem {
        switch self {
        case .missing(let field):
            validation(FieldError(field: field, code: "missing", detail: "\(field) is required.", resource: "Search"))
        case .invalid(let field, let detail):
            validation(FieldError(field: field, code: "invalid", detail: detail, resource: "Search", message: detail))
        case .outsideWindow:
            github(
                Problem(
                    status: .unprocessableContent,
                    slug: "validation-failed",
                    title: "Validation failed",
                    detail: "Only the first 1000 search results are available; ask for an earlier page or a narrower q."
                ),
                message: "Only the first 1000 search results are available"
            )
        case .notFound(let fullName):
            github(.notFound("No repository \(fullName) exists."), message: "Not Found")
        }
    }

    private func validation(_ error: FieldError) -> Problem {
        github(
            Problem(
                status: .unprocessableContent,
                slug: "validation-failed",
                title: "Validation failed",
                detail: error.detail,
                errors: [error]
            ),
            message: "Validation Failed"
        )
    }

    private func github(_ problem: Problem, message: String) -> Problem {
        var problem = problem
        problem.message = message
        return problem
    }
}
