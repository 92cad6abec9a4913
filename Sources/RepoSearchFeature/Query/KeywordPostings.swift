/// For every vocabulary token, the repositories whose searchable text holds it: an inverted index
/// that narrows a query with keywords to the repositories that can match before the matcher reads
/// any tokens.
///
/// It stands where an engine's full-text index stood (FTS5, PostgreSQL's GIN) and answers the same
/// question in memory, without a trip to a reader thread or a server (BENCHMARKS.md). Its answer is
/// over-approximate — a token in any field, a phrase's tokens anywhere — and `RepositoryMatcher`
/// has the final word, so narrowing never changes a page (`ReferenceSearchTests` holds it to that).
struct KeywordPostings: Sendable {
    /// Where each token's positions start in `positions`; the token after it says where they end.
    private let starts: [Int32]
    /// Repository positions, grouped by token, ascending within each token.
    private let positions: [Int32]
    private let repositoryCount: Int

    /// Lists every token of `repositories` (numbered by their index's vocabulary of `tokenCount`
    /// tokens) under the positions of the repositories that hold it, once each.
    init(_ repositories: [IndexedRepository], tokenCount: Int) {
        func distinctTokens(_ repository: IndexedRepository) -> Set<Int32> {
            var tokens = Set(repository.name)
            tokens.formUnion(repository.description)
            tokens.formUnion(repository.topics)
            tokens.formUnion(repository.readme)
            tokens.remove(Vocabulary.separator)
            return tokens
        }
        let held = repositories.map(distinctTokens)
        var counts = [Int32](repeating: 0, count: tokenCount + 1)
        for tokens in held { for token in tokens { counts[Int(token) + 1] += 1 } }
        for token in 0..<tokenCount { counts[token + 1] += counts[token] }
        var next = counts
        var positions = [Int32](repeating: 0, count: Int(counts[tokenCount]))
        for (position, tokens) in held.enumerated() {
            for token in tokens {
                positions[Int(next[Int(token)])] = Int32(position)
                next[Int(token)] += 1
            }
        }
        starts = counts
        self.positions = positions
        repositoryCount = repositories.count
    }

    /// The repositories that may hold every one of `keywords`, or `nil` when there are none to
    /// narrow by (every repository is then a candidate).
    func candidates(_ keywords: [RepositoryMatcher.Keyword]) -> RepositorySet? {
        guard let first = keywords.first else { return nil }
        var narrowed = candidates(first)
        for keyword in keywords.dropFirst() where !narrowed.isEmpty {
            narrowed.formIntersection(candidates(keyword))
        }
        return narrowed
    }

    /// The repositories where `keyword` may match (`RepositoryMatcher.match`): one token exactly or,
    /// three characters or more, as the prefix of a token; several tokens where each of them is.
    private func candidates(_ keyword: RepositoryMatcher.Keyword) -> RepositorySet {
        var found = RepositorySet(count: repositoryCount)
        guard keyword.tokenCount == 1 else {
            guard let ids = keyword.ids, let first = ids.first else { return found }
            insertPositions(of: first, into: &found)
            for id in ids.dropFirst() {
                var holding = RepositorySet(count: repositoryCount)
                insertPositions(of: id, into: &holding)
                found.formIntersection(holding)
            }
            return found
        }
        if let id = keyword.ids?.first { insertPositions(of: id, into: &found) }
        for id in keyword.prefixOf { insertPositions(of: id, into: &found) }
        return found
    }

    private func insertPositions(of token: Int32, into set: inout RepositorySet) {
        for index in Int(starts[Int(token)])..<Int(starts[Int(token) + 1]) { set.insert(Int(positions[index])) }
    }
}
