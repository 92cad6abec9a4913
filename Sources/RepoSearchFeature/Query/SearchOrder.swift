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

    /// A match reduced to what ordering needs, so sorting never copies repositories.
    struct Ranked {
        let position: Int
        let score: Double
        let key: Int64
        let stars: Int
        let id: Int
    }

    /// The repository `facts` describe, at `position`, with `score`, ready for `areInIncreasingOrder`.
    func ranked(_ facts: RepositoryFacts, at position: Int, score: Double) -> Ranked {
        let key: Int64 =
            switch sort {
            case nil: 0
            case .stars: Int64(facts.stars)
            case .forks: Int64(facts.forks)
            case .helpWantedIssues: Int64(facts.helpWantedIssues)
            case .updated: facts.updatedAt
            }
        return Ranked(position: position, score: score, key: key, stars: facts.stars, id: facts.id)
    }

    /// Whether `lhs` comes before `rhs`: best match is score, then stars, descending; a sort key
    /// follows `order`; ties end with the id, ascending.
    func areInIncreasingOrder(_ lhs: Ranked, _ rhs: Ranked) -> Bool {
        if sort == nil {
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            if lhs.stars != rhs.stars { return lhs.stars > rhs.stars }
        } else if lhs.key != rhs.key {
            return ascending ? lhs.key < rhs.key : lhs.key > rhs.key
        }
        return lhs.id < rhs.id
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
