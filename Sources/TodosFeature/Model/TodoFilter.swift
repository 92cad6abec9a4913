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
        includes(completed: todo.isComplete)
    }

    /// Whether a todo with this completion passes.
    public func includes(completed isComplete: Bool) -> Bool {
        switch self {
        case .all: true
        case .active: !isComplete
        case .completed: isComplete
        }
    }
}
