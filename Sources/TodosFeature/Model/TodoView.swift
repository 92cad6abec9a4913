/// The two shapes the same todo store is served in (api.md §2.6).
///
/// `api` is Counterpart's own (`/todos`); `todoBackend` is the public Todo-Backend spec's
/// (`/todo-backend`: `title` ↔ `description`, `completed` ↔ `isComplete`, no dates), so its spec
/// runner and the many Todo-Backend clients work against the same data.
public enum TodoView: String, Sendable, Hashable {
    /// `/todos`: `{id, description, isComplete, order, createdAt, updatedAt, url}`.
    case api
    /// `/todo-backend`: `{id, title, completed, order, url}`.
    case todoBackend

    /// The collection's path.
    public var root: String {
        switch self {
        case .api: "/todos"
        case .todoBackend: "/todo-backend"
        }
    }

    /// The body member holding the description.
    var descriptionField: String {
        switch self {
        case .api: "description"
        case .todoBackend: "title"
        }
    }

    /// The body member holding the completion.
    var completionField: String {
        switch self {
        case .api: "isComplete"
        case .todoBackend: "completed"
        }
    }
}
