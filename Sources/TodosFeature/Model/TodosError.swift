public import HTTPKit
import HTTPTypes

/// The todo rules a write can break, each with its api.md problem.
public enum TodosError: Error, Equatable, ProblemError {
    /// `If-Match` did not match (or the todo is gone), or `If-None-Match: *` found one (412).
    case preconditionFailed(String)
    /// The store already holds 1,000 todos (409).
    case storeFull
    /// `POST /todos/reorder` did not name every todo exactly once (422 `not_permutation`).
    case notPermutation(missing: Int, unknown: Int, duplicate: Int)

    public var problem: Problem {
        switch self {
        case .preconditionFailed(let detail):
            Problem(
                status: .preconditionFailed, slug: "precondition-failed", title: "Precondition failed", detail: detail)
        case .storeFull:
            .conflict("The store already holds \(Todo.storeLimit) todos; delete some before creating more.")
        case .notPermutation(let missing, let unknown, let duplicate):
            .validationFailed([
                FieldError(
                    field: "ids",
                    code: "not_permutation",
                    detail: "ids must name every todo exactly once: \(missing) missing, \(unknown) unknown, "
                        + "\(duplicate) duplicate."
                )
            ])
        }
    }
}
