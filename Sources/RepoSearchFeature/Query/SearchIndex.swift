/// The in-memory search structures: every repository's facts (one flat array, for qualifiers and
/// order) and tokens (for keywords), the tables that number their strings, the postings that
/// narrow keywords, and a by-name table.
///
/// Every backend searches here, once it has loaded the rows: the seeded repositories never change,
/// and answering in process costs less than one trip to a database (BENCHMARKS.md).
package final class SearchIndex: Sendable {
    private let facts: [RepositoryFacts]
    private let tables: SearchTables
    private let indexed: [IndexedRepository]
    private let vocabulary: Vocabulary
    private let postings: KeywordPostings
    private let byName: [String: Repository]

    init(_ repositories: [Repository]) {
        var tables = SearchTables()
        facts = repositories.map { tables.facts(for: $0) }
        self.tables = tables
        let tokens = repositories.map(IndexedRepository.Tokens.init)
        let vocabulary = Vocabulary(tokens.lazy.flatMap(\.all))
        indexed = zip(repositories, tokens).map { IndexedRepository($0, tokens: $1, vocabulary: vocabulary) }
        self.vocabulary = vocabulary
        postings = KeywordPostings(indexed, tokenCount: vocabulary.count)
        byName = Dictionary(
            repositories.map { ($0.fullName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page of `query`'s matches in `order` from `offset`: keywords narrow to the repositories
    /// that hold them, then the matcher decides and scores each candidate.
    package func search(_ query: SearchQuery, _ order: SearchOrder, _ offset: Int, _ limit: Int) -> SearchPage {
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
        if let candidates = postings.candidates(prepared.keywords) {
            candidates.forEach(consider)
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
