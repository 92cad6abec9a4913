import Synchronization

extension RepoSearchRepository {
    /// `repositories` held in memory, tokenised once; every search scans them with
    /// `RepositoryMatcher` and never suspends.
    public static func inMemory(_ repositories: [Repository]) -> Self {
        let index = SearchIndex(repositories)
        return Self(search: { index.search($0, $1, $2, $3) }, repository: index.repository, version: { 0 })
    }

    /// The seeded dataset (`seed`, api.md §7), generated on first use so start-up stays fast.
    public static func seeded(seed: UInt64 = 1) -> Self {
        let loaded = LoadedSearchIndex()
        let index: @Sendable () async throws -> SearchIndex = {
            try await loaded.index { RepositorySeed.repositories(seed: seed) }
        }
        return Self(
            search: { try await index().search($0, $1, $2, $3) },
            repository: { try await index().repository($0, $1) },
            version: { 0 }
        )
    }
}

/// The in-memory search structures: every repository's facts (one flat array, for qualifiers and
/// order) and tokens (for keywords), the tables that number their strings, and a by-name table.
final class SearchIndex: Sendable {
    private let facts: [RepositoryFacts]
    private let tables: SearchTables
    private let indexed: [IndexedRepository]
    private let vocabulary: Vocabulary
    private let byID: [Int: Int]
    private let byName: [String: Repository]

    init(_ repositories: [Repository]) {
        var tables = SearchTables()
        facts = repositories.map { tables.facts(for: $0) }
        self.tables = tables
        let tokens = repositories.map(IndexedRepository.Tokens.init)
        let vocabulary = Vocabulary(tokens.lazy.flatMap(\.all))
        indexed = zip(repositories, tokens).map { IndexedRepository($0, tokens: $1, vocabulary: vocabulary) }
        self.vocabulary = vocabulary
        byID = Dictionary(repositories.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        byName = Dictionary(
            repositories.map { ($0.fullName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Matches every repository, or only those in `candidates` (ids an engine narrowed to).
    func search(
        _ query: SearchQuery,
        _ order: SearchOrder,
        _ offset: Int,
        _ limit: Int,
        candidates: [Int]? = nil
    ) -> SearchPage {
        // Positions and scores only: sorting whole repositories would copy and retain every field.
        var matches: [SearchOrder.Ranked] = []
        let prepared = RepositoryMatcher.Prepared(query, vocabulary: vocabulary, tables: tables)
        let topicIDs = tables.topicIDs
        func consider(_ position: Int) {
            let candidate = facts[position]
            guard !query.evenIDsOnly || candidate.id.isMultiple(of: 2),
                RepositoryMatcher.admits(candidate, prepared, topicIDs: topicIDs),
                let score = RepositoryMatcher.score(candidate, indexed[position], for: prepared)
            else { return }
            matches.append(order.ranked(candidate, at: position, score: score))
        }
        if let candidates {
            for id in candidates { if let position = byID[id] { consider(position) } }
        } else {
            for position in facts.indices { consider(position) }
        }
        let start = min(max(0, offset), matches.count)
        let end = min(matches.count, start + max(0, limit))
        let items = matches.smallest(end, by: order.areInIncreasingOrder)[start..<end].map {
            SearchResult(repository: indexed[$0.position].repository, score: $0.score)
        }
        return SearchPage(total: matches.count, items: items)
    }

    func repository(_ owner: String, _ name: String) throws -> Repository {
        guard let repository = byName[(owner + "/" + name).lowercased()] else {
            throw SearchError.notFound(owner + "/" + name)
        }
        return repository
    }
}

/// A `SearchIndex` loaded on first use from an asynchronous source (a database table).
final class LoadedSearchIndex: Sendable {
    private let stored = Mutex<SearchIndex?>(nil)

    /// The index, loading it with `load` the first time.
    func index(loading load: () async throws -> [Repository]) async throws -> SearchIndex {
        if let index = stored.withLock({ $0 }) { return index }
        let loaded = SearchIndex(try await load())
        return stored.withLock { current in
            if let current { return current }
            current = loaded
            return loaded
        }
    }
}
