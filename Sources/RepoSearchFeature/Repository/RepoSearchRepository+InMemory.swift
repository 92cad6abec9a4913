import Synchronization

extension RepoSearchRepository {
    /// `repositories` held in memory, tokenised once; every search scans them with
    /// `RepositoryMatcher` and never suspends.
    public static func inMemory(_ repositories: [Repository]) -> Self {
        let index = SearchIndex(repositories)
        return Self(search: index.search, repository: index.repository)
    }

    /// The seeded dataset (`seed`, api.md §7), generated on first use so start-up stays fast.
    public static func seeded(seed: UInt64 = 1) -> Self {
        let index = LazySearchIndex(seed: seed)
        return Self(
            search: { index.value.search($0, $1, $2, $3) },
            repository: { try index.value.repository($0, $1) }
        )
    }
}

/// The in-memory search structures: tokenised repositories and a by-name table.
final class SearchIndex: Sendable {
    private let indexed: [IndexedRepository]
    private let byName: [String: Repository]

    init(_ repositories: [Repository]) {
        indexed = repositories.map(IndexedRepository.init)
        byName = Dictionary(
            repositories.map { ($0.fullName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    func search(_ query: SearchQuery, _ order: SearchOrder, _ offset: Int, _ limit: Int) -> SearchPage {
        var matches: [SearchResult] = []
        for candidate in indexed {
            if let score = RepositoryMatcher.score(candidate, for: query) {
                matches.append(SearchResult(repository: candidate.repository, score: score))
            }
        }
        matches.sort(by: order.areInIncreasingOrder)
        let start = min(max(0, offset), matches.count)
        let end = min(matches.count, start + max(0, limit))
        return SearchPage(total: matches.count, items: Array(matches[start..<end]))
    }

    func repository(_ owner: String, _ name: String) throws -> Repository {
        guard let repository = byName[(owner + "/" + name).lowercased()] else {
            throw SearchError.notFound(owner + "/" + name)
        }
        return repository
    }
}

/// Builds the seeded index once, on first use, from any thread.
private final class LazySearchIndex: Sendable {
    private let seed: UInt64
    private let built = Mutex<SearchIndex?>(nil)

    init(seed: UInt64) {
        self.seed = seed
    }

    var value: SearchIndex {
        built.withLock { built in
            if let built { return built }
            let index = SearchIndex(RepositorySeed.repositories(seed: seed))
            built = index
            return index
        }
    }
}
