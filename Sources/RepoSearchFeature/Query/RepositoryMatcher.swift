import Glibc

/// Decides whether a repository matches a query and computes its `score` (api.md §3.3).
///
/// One Swift function for every backend (each searches the same in-process `SearchIndex`), so
/// every backend returns the same results, scores and pages. Qualifiers are tested on `RepositoryFacts`;
/// keywords on the tokenised `IndexedRepository`, only for repositories the qualifiers admit.
enum RepositoryMatcher {
    /// A query prepared once for scanning many repositories of one index.
    struct Prepared {
        let forks: SearchQuery.ForkMode
        let tests: [QualifierTest]
        let hasOrGroups: Bool
        let fields: [SearchField]
        let keywords: [Keyword]
        let excludedKeywords: [Keyword]
        /// Every keyword's token ids in order, for the name bonus; `nil` if a token is unknown.
        let keywordTokens: [Int32]?

        init(_ query: SearchQuery, vocabulary: Vocabulary, tables: SearchTables) {
            forks = query.forks
            // Topic tests read a list; the rest compare integers: cheap ones first.
            tests = query.conditions.map { QualifierTest($0, tables) }.sorted { !$0.readsTopics && $1.readsTopics }
            hasOrGroups = tests.contains { $0.group != nil && !$0.negated }
            fields = SearchField.allCases.filter(query.fields.contains)
            keywords = query.keywords.map { Keyword($0, vocabulary) }
            excludedKeywords = query.excludedKeywords.map { Keyword($0, vocabulary) }
            let all = query.keywords.flatMap(\.tokens).map(vocabulary.id(of:))
            keywordTokens = all.contains(nil) ? nil : all.compactMap { $0 }
        }

        /// Whether scoring needs the repository's tokens, not only its facts.
        var readsText: Bool { !keywords.isEmpty || !excludedKeywords.isEmpty }
    }

    /// A keyword as token ids: the exact ids (`nil` when one is unknown, so it cannot match exactly)
    /// and, for one token of at least three characters, the ids it is a prefix of.
    struct Keyword {
        let tokenCount: Int
        let ids: [Int32]?
        let prefixOf: Range<Int32>

        init(_ keyword: SearchQuery.Keyword, _ vocabulary: Vocabulary) {
            tokenCount = keyword.tokens.count
            let found = keyword.tokens.map(vocabulary.id(of:))
            ids = found.contains(nil) ? nil : found.compactMap { $0 }
            prefixOf =
                keyword.tokens.count == 1 && keyword.tokens[0].utf8.count >= 3
                ? vocabulary.ids(beginningWith: keyword.tokens[0]) : 0..<0
        }
    }

    /// Whether `facts` pass the fork rule and every qualifier: OR within repeated
    /// language/license/user/org/repo, AND across everything else; negated ones exclude.
    static func admits(_ facts: RepositoryFacts, _ prepared: Prepared, topicIDs: [Int32]) -> Bool {
        switch prepared.forks {
        case .excluded where facts.isFork, .only where !facts.isFork: return false
        default: break
        }
        guard prepared.hasOrGroups else {
            for test in prepared.tests where test.holds(for: facts, topicIDs: topicIDs) == test.negated {
                return false
            }
            return true
        }
        // One bit per OR group: the groups asked for, and those where some test held.
        var asked: UInt8 = 0
        var held: UInt8 = 0
        for test in prepared.tests {
            let holds = test.holds(for: facts, topicIDs: topicIDs)
            if test.negated {
                if holds { return false }
            } else if let group = test.group {
                asked |= 1 << group
                if holds { held |= 1 << group }
            } else if !holds {
                return false
            }
        }
        return held == asked
    }

    /// The score of an admitted repository: its keywords' text weight (or 1 without keywords) times
    /// its popularity, or `nil` when a keyword is missing or an excluded one present. `indexed`
    /// is only read when the query has keywords or excluded keywords.
    static func score(_ facts: RepositoryFacts, _ indexed: @autoclosure () -> IndexedRepository, for prepared: Prepared)
        -> Double?
    {
        var text = 1.0
        if prepared.readsText {
            let indexed = indexed()
            for keyword in prepared.excludedKeywords where strength(keyword, indexed, prepared.fields) > 0 {
                return nil
            }
            if !prepared.keywords.isEmpty {
                text = 0
                for keyword in prepared.keywords {
                    let strength = strength(keyword, indexed, prepared.fields)
                    guard strength > 0 else { return nil }
                    text += strength * Double(keyword.tokenCount)
                }
                if prepared.keywordTokens == indexed.name { text += 5 }
            }
        }
        let raw = text * (1 + log10(1 + Double(facts.stars)))
        return (raw * 1000).rounded(.toNearestOrAwayFromZero) / 1000
    }

    /// s(t): the best weighted match of `keyword` over the searched fields.
    static func strength(_ keyword: Keyword, _ indexed: IndexedRepository, _ fields: [SearchField]) -> Double {
        var best = 0.0
        for field in fields {
            let tokens =
                switch field {
                case .name: indexed.name
                case .description: indexed.description
                case .readme: indexed.readme
                case .topics: indexed.topics
                }
            best = max(best, field.weight * match(keyword, in: tokens))
        }
        return best
    }

    /// m(t, f): 1 for the token (or consecutive tokens) in the field, 0.5 for a single token of at
    /// least three characters that begins one of the field's tokens, else 0.
    static func match(_ keyword: Keyword, in field: [Int32]) -> Double {
        if let ids = keyword.ids, ids.count == 1 {
            // One token, the common case: one pass finds the exact token or remembers a prefix.
            let id = ids[0]
            var prefixed = false
            for token in field {
                if token == id { return 1 }
                prefixed = prefixed || keyword.prefixOf.contains(token)
            }
            return prefixed ? 0.5 : 0
        }
        if let ids = keyword.ids, !ids.isEmpty, ids.count <= field.count {
            for start in 0...(field.count - ids.count) where field[start..<start + ids.count].elementsEqual(ids) {
                return 1
            }
        }
        let prefixOf = keyword.prefixOf
        return !prefixOf.isEmpty && field.contains { prefixOf.contains($0) } ? 0.5 : 0
    }
}
