import HTTPKit
/// What `GET /todos` asks for: a filter, a search, an order and an optional page (api.md §2.1).
///
/// Applied in Swift by every backend to the rows it returns, so lists are identical whatever stores
/// them: the sort is total (ties end with `createdAt`, then `id`) and text compares bytewise.
public struct TodoListQuery: Sendable, Equatable {
    /// Which todos to include.
    public var filter: TodoFilter = .all
    /// A case-insensitive substring the description must contain.
    public var search: String?
    /// Sort keys, most significant first.
    public var sort: [TodoSortKey] = [TodoSortKey(field: .order, descending: false)]
    /// The page to return, or `nil` for the whole list.
    public var page: Page?

    /// A page of a list.
    public struct Page: Sendable, Equatable {
        /// 1-based page number.
        public var number: Int
        /// Items per page, 1–100.
        public var size: Int

        /// Creates a page.
        public init(number: Int, size: Int) {
            self.number = number
            self.size = size
        }
    }

    /// The default query: every todo, by `order`.
    public init() {}

    /// The matching todos on the requested page, and how many matched before paging.
    public func apply(to todos: [Todo]) -> (items: [Todo], total: Int) {
        var matching = todos
        if let needle = search?.lowercased() {
            matching.removeAll { !filter.includes($0) || !$0.description.lowercased().contains(needle) }
        } else if filter != .all {
            matching.removeAll { !filter.includes($0) }
        }
        // Backends return rows in the default order, so a list usually arrives sorted: checking
        // costs one pass, sorting it again one allocation and a merge pass per run.
        let keys = sort + [TodoSortKey(field: .createdAt, descending: false)]
        let inOrder = { (lhs: Todo, rhs: Todo) in Self.precedes(lhs, rhs, by: keys) }
        // By index: zipping the list with itself copied every todo twice (measured).
        let sorted = matching.indices.dropFirst().allSatisfy { !inOrder(matching[$0], matching[$0 - 1]) }
        if !sorted { matching.sort(by: inOrder) }
        guard let page else { return (matching, matching.count) }
        // Any page number is valid; one whose offset overflows is simply past the end.
        let (offset, overflow) = (page.number - 1).multipliedReportingOverflow(by: page.size)
        let start = overflow ? matching.count : min(matching.count, offset)
        let end = min(matching.count, start + page.size)
        return (Array(matching[start..<end]), matching.count)
    }

    /// Whether `lhs` sorts before `rhs` by `keys`, ties broken by id, bytewise.
    private static func precedes(_ lhs: Todo, _ rhs: Todo, by keys: [TodoSortKey]) -> Bool {
        for key in keys {
            let comparison = key.field.compare(lhs, rhs)
            if comparison != 0 { return key.descending ? comparison > 0 : comparison < 0 }
        }
        return lhs.id.precedesBytewise(rhs.id)
    }
}

/// One sort key of `GET /todos?sort=`: a field, ascending or (`-field`) descending.
public struct TodoSortKey: Sendable, Equatable {
    /// The field compared.
    public var field: Field
    /// Whether larger values come first.
    public var descending: Bool

    /// Creates a key.
    public init(field: Field, descending: Bool) {
        self.field = field
        self.descending = descending
    }

    /// The sortable fields.
    public enum Field: String, Sendable, CaseIterable {
        case order, createdAt, updatedAt, description, isComplete

        /// -1, 0 or 1 as `lhs` sorts before, with or after `rhs` on this field.
        func compare(_ lhs: Todo, _ rhs: Todo) -> Int {
            switch self {
            case .order: sign(lhs.order, rhs.order)
            case .createdAt: sign(lhs.createdAt, rhs.createdAt)
            case .updatedAt: sign(lhs.updatedAt, rhs.updatedAt)
            case .isComplete: sign(lhs.isComplete ? 1 : 0, rhs.isComplete ? 1 : 0)
            case .description:
                lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
                    ? -1 : (lhs.description.utf8.elementsEqual(rhs.description.utf8) ? 0 : 1)
            }
        }

        private func sign<T: Comparable>(_ lhs: T, _ rhs: T) -> Int {
            lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
        }
    }
}
