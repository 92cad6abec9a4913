import HTTPKit
/// `sort` and `order` of a search (api.md §3.1, §3.3).
public struct SearchOrder: Sendable, Equatable {
    /// The sort key, or `nil` for best match.
    public var sort: SortKey?
    /// Whether the sort is ascending (`order=asc`); ignored without a sort key.
    public var ascending: Bool

    /// Best match.
    public static let bestMatch = SearchOrder(sort: nil, ascending: false)

    /// Creates an order.
    public init(sort: SortKey?, ascending: Bool) {
        self.sort = sort
        self.ascending = ascending
    }

    /// The `sort` values GitHub accepts.
    public enum SortKey: String, Sendable, CaseIterable {
        case stars, forks, helpWantedIssues = "help-wanted-issues", updated
    }

    /// Whether `lhs` comes before `rhs`; ties end with the id, ascending.
    func areInIncreasingOrder(_ lhs: SearchResult, _ rhs: SearchResult) -> Bool {
        let a = lhs.repository
        let b = rhs.repository
        let keys: (Int64, Int64)
        switch sort {
        case nil:
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            if a.stars != b.stars { return a.stars > b.stars }
            return a.id < b.id
        case .stars: keys = (Int64(a.stars), Int64(b.stars))
        case .forks: keys = (Int64(a.forks), Int64(b.forks))
        case .helpWantedIssues: keys = (Int64(a.helpWantedIssues), Int64(b.helpWantedIssues))
        case .updated: keys = (a.updatedAt.secondsSince1970, b.updatedAt.secondsSince1970)
        }
        if keys.0 != keys.1 { return ascending ? keys.0 < keys.1 : keys.0 > keys.1 }
        return a.id < b.id
    }
}

/// A repository that matched, with its score.
public struct SearchResult: Sendable, Equatable {
    /// The repository.
    public var repository: Repository
    /// Its best-match score (sent even when sorting by something else).
    public var score: Double
}

/// One page of results and the true total.
public struct SearchPage: Sendable, Equatable {
    /// Every match, before the window and paging.
    public var total: Int
    /// The requested page, cut at result 1,000.
    public var items: [SearchResult]
}
