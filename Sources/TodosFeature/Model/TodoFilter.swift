/// Which todos a list or a bulk delete addresses (`filter`, or its alias `isComplete`).
public enum TodoFilter: String, Sendable, Equatable, CaseIterable {
    /// Every todo.
    case all
    /// The open ones.
    case active
    /// The completed ones.
    case completed

    /// Whether `todo` passes the filter.
    public func includes(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .active: !todo.isComplete
        case .completed: todo.isComplete
        }
    }
}
