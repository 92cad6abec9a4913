import Glibc

/// A repository with its searchable fields tokenised and its keys lowercased once, at load.
///
/// A class so that scanning thousands of them retains one reference each, not every field.
final class IndexedRepository: Sendable {
    let repository: Repository
    let name: [Int32]
    let description: [Int32]
    /// Every topic's tokens, topics separated by `Vocabulary.separator`, which matches nothing:
    /// a phrase cannot run from one topic into the next.
    let topics: [Int32]
    let readme: [Int32]
    let languageKey: String?
    let fullNameKey: String

    /// The tokens of `repository`'s searchable fields, for building the vocabulary first.
    static func tokens(of repository: Repository) -> [String] {
        ([repository.name, repository.description ?? "", repository.readme] + repository.topics)
            .flatMap(SearchTokens.tokens(of:))
    }

    /// Tokenises `repository` into the ids of `vocabulary`, which holds every token it has.
    init(_ repository: Repository, vocabulary: Vocabulary) {
        // Every token is in the vocabulary (built from `tokens(of:)`); were one missing, the separator
        // keeps it from matching or from joining its neighbours into a phrase.
        func ids(_ text: String) -> [Int32] {
            SearchTokens.tokens(of: text).map { vocabulary.id(of: $0) ?? Vocabulary.separator }
        }
        self.repository = repository
        name = ids(repository.name)
        description = ids(repository.description ?? "")
        topics = Array(repository.topics.map(ids).joined(separator: [Vocabulary.separator]))
        readme = ids(repository.readme)
        languageKey = repository.language?.lowercased()
        fullNameKey = repository.fullName.lowercased()
    }
}

/// Decides whether a repository matches a query and computes its `score` (api.md §3.3).
///
/// One Swift function for every backend: engines only narrow the candidates, so every backend
/// returns the same results, scores and pages.
enum RepositoryMatcher {
    /// A query prepared once for scanning many repositories of one vocabulary.
    struct Prepared {
        let forks: SearchQuery.ForkMode
        let conditions: [SearchQuery.Condition]
        let fields: [SearchField]
        let keywords: [Keyword]
        let excludedKeywords: [Keyword]
        /// Every keyword's token ids in order, for the name bonus; `nil` if a token is unknown.
        let keywordTokens: [Int32]?
        let hasOrGroups: Bool

        init(_ query: SearchQuery, vocabulary: Vocabulary) {
            forks = query.forks
            conditions = query.conditions
            fields = SearchField.allCases.filter(query.fields.contains)
            keywords = query.keywords.map { Keyword($0, vocabulary) }
            excludedKeywords = query.excludedKeywords.map { Keyword($0, vocabulary) }
            let all = query.keywords.flatMap(\.tokens).map(vocabulary.id(of:))
            keywordTokens = all.contains(nil) ? nil : all.compactMap { $0 }
            hasOrGroups = query.conditions.contains { $0.predicate.orGroup != nil && !$0.negated }
        }
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

    /// The score of `indexed` for a prepared query, or `nil` when it is not a result.
    static func score(_ indexed: IndexedRepository, for prepared: Prepared) -> Double? {
        switch prepared.forks {
        case .excluded where indexed.repository.isFork: return nil
        case .only where !indexed.repository.isFork: return nil
        default: break
        }
        if !prepared.conditions.isEmpty, !satisfies(indexed, prepared.conditions, orGroups: prepared.hasOrGroups) {
            return nil
        }
        for keyword in prepared.excludedKeywords where strength(keyword, indexed, prepared.fields) > 0 {
            return nil
        }
        var text = 0.0
        for keyword in prepared.keywords {
            let strength = strength(keyword, indexed, prepared.fields)
            guard strength > 0 else { return nil }
            text += strength * Double(keyword.tokenCount)
        }
        if prepared.keywords.isEmpty {
            text = 1
        } else if prepared.keywordTokens == indexed.name {
            text += 5
        }
        let raw = text * (1 + log10(1 + Double(indexed.repository.stars)))
        return (raw * 1000).rounded(.toNearestOrAwayFromZero) / 1000
    }

    /// s(t): the best weighted match of `keyword` over the searched fields.
    static func strength(_ keyword: Keyword, _ indexed: IndexedRepository, _ fields: [SearchField]) -> Double {
        var best = 0.0
        for field in fields {
            var match = 0.0
            switch field {
            case .name: match = self.match(keyword, in: indexed.name)
            case .description: match = self.match(keyword, in: indexed.description)
            case .readme: match = self.match(keyword, in: indexed.readme)
            case .topics: match = self.match(keyword, in: indexed.topics)
            }
            best = max(best, field.weight * match)
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

    /// Qualifiers: OR within repeated language/license/user/org/repo, AND across everything else.
    static func satisfies(_ indexed: IndexedRepository, _ conditions: [SearchQuery.Condition], orGroups: Bool) -> Bool {
        guard orGroups else {
            for condition in conditions where holds(condition.predicate, for: indexed) == condition.negated {
                return false
            }
            return true
        }
        // One slot per OR group (language, license, user, org, repo): nil = not asked, else any held.
        var groups: (Bool?, Bool?, Bool?, Bool?, Bool?) = (nil, nil, nil, nil, nil)
        for condition in conditions {
            let holds = holds(condition.predicate, for: indexed)
            if condition.negated {
                if holds { return false }
                continue
            }
            switch condition.predicate {
            case .language: groups.0 = (groups.0 ?? false) || holds
            case .license: groups.1 = (groups.1 ?? false) || holds
            case .user: groups.2 = (groups.2 ?? false) || holds
            case .organisation: groups.3 = (groups.3 ?? false) || holds
            case .repository: groups.4 = (groups.4 ?? false) || holds
            default: if !holds { return false }
            }
        }
        return groups.0 != false && groups.1 != false && groups.2 != false && groups.3 != false && groups.4 != false
    }

    private static func holds(_ predicate: SearchQuery.Predicate, for indexed: IndexedRepository) -> Bool {
        switch predicate {
        case .language(let language): indexed.languageKey == language
        case .license(let key): indexed.repository.license?.key == key
        case .user(let login): indexed.repository.owner.login == login
        case .organisation(let login):
            indexed.repository.owner.isOrganization && indexed.repository.owner.login == login
        case .repository(let fullName): indexed.fullNameKey == fullName
        case .topic(let topic): indexed.repository.topics.contains(topic)
        case .stars(let range): range.contains(indexed.repository.stars)
        case .forks(let range): range.contains(indexed.repository.forks)
        case .size(let range): range.contains(indexed.repository.size)
        case .topicCount(let range): range.contains(indexed.repository.topics.count)
        case .goodFirstIssues(let range): range.contains(indexed.repository.goodFirstIssues)
        case .helpWantedIssues(let range): range.contains(indexed.repository.helpWantedIssues)
        case .created(let range): range.contains(indexed.repository.createdAt)
        case .pushed(let range): range.contains(indexed.repository.pushedAt)
        case .archived(let flag): indexed.repository.isArchived == flag
        case .template(let flag): indexed.repository.isTemplate == flag
        case .mirror(let flag): !flag
        case .isPublic(let flag): flag
        }
    }
}
