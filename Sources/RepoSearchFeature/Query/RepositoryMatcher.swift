import Glibc

/// A repository with its searchable fields tokenised once, at load.
struct IndexedRepository: Sendable {
    let repository: Repository
    let name: [String]
    let description: [String]
    let topics: [[String]]
    let readme: [String]

    init(_ repository: Repository) {
        self.repository = repository
        name = SearchTokens.tokens(of: repository.name)
        description = SearchTokens.tokens(of: repository.description ?? "")
        topics = repository.topics.map(SearchTokens.tokens(of:))
        readme = SearchTokens.tokens(of: repository.readme)
    }
}

/// Decides whether a repository matches a query and computes its `score` (api.md §3.3).
///
/// One Swift function for every backend: engines only narrow the candidates, so every backend
/// returns the same results, scores and pages.
enum RepositoryMatcher {
    /// The score of `indexed` for `query`, or `nil` when it is not a result.
    static func score(_ indexed: IndexedRepository, for query: SearchQuery) -> Double? {
        let repository = indexed.repository
        switch query.forks {
        case .excluded where repository.isFork: return nil
        case .only where !repository.isFork: return nil
        default: break
        }
        guard satisfies(repository, query.conditions) else { return nil }
        for keyword in query.excludedKeywords where strength(keyword, indexed, query.fields) > 0 {
            return nil
        }
        var text = 0.0
        for keyword in query.keywords {
            let strength = strength(keyword, indexed, query.fields)
            guard strength > 0 else { return nil }
            text += strength * Double(keyword.tokens.count)
        }
        if query.keywords.isEmpty {
            text = 1
        } else if query.keywords.flatMap(\.tokens) == indexed.name {
            text += 5
        }
        let raw = text * (1 + log10(1 + Double(repository.stars)))
        return (raw * 1000).rounded(.toNearestOrAwayFromZero) / 1000
    }

    /// s(t): the best weighted match of `keyword` over the searched fields.
    static func strength(_ keyword: SearchQuery.Keyword, _ indexed: IndexedRepository, _ fields: Set<SearchField>)
        -> Double
    {
        var best = 0.0
        for field in fields {
            let match: Double
            switch field {
            case .name: match = self.match(keyword.tokens, in: indexed.name)
            case .description: match = self.match(keyword.tokens, in: indexed.description)
            case .readme: match = self.match(keyword.tokens, in: indexed.readme)
            case .topics: match = indexed.topics.map { self.match(keyword.tokens, in: $0) }.max() ?? 0
            }
            best = max(best, field.weight * match)
        }
        return best
    }

    /// m(t, f): 1 for the token (or consecutive tokens) in the field, 0.5 for a single token of at
    /// least three characters that begins one of the field's tokens, else 0.
    static func match(_ tokens: [String], in field: [String]) -> Double {
        guard !tokens.isEmpty, tokens.count <= field.count else {
            return tokens.count == 1 ? prefixMatch(tokens[0], in: field) : 0
        }
        for start in 0...(field.count - tokens.count) where field[start..<start + tokens.count].elementsEqual(tokens) {
            return 1
        }
        return tokens.count == 1 ? prefixMatch(tokens[0], in: field) : 0
    }

    private static func prefixMatch(_ token: String, in field: [String]) -> Double {
        token.utf8.count >= 3 && field.contains { $0.hasPrefix(token) } ? 0.5 : 0
    }

    /// Qualifiers: OR within repeated language/license/user/org/repo, AND across everything else.
    static func satisfies(_ repository: Repository, _ conditions: [SearchQuery.Condition]) -> Bool {
        var groups: [String: Bool] = [:]
        for condition in conditions {
            let holds = holds(condition.predicate, for: repository)
            if condition.negated {
                if holds { return false }
            } else if let group = condition.predicate.orGroup {
                groups[group] = (groups[group] ?? false) || holds
            } else if !holds {
                return false
            }
        }
        return groups.values.allSatisfy { $0 }
    }

    private static func holds(_ predicate: SearchQuery.Predicate, for repository: Repository) -> Bool {
        switch predicate {
        case .language(let language): repository.language?.lowercased() == language
        case .license(let key): repository.license?.key == key
        case .user(let login): repository.owner.login == login
        case .organisation(let login): repository.owner.isOrganization && repository.owner.login == login
        case .repository(let fullName): repository.fullName.lowercased() == fullName
        case .topic(let topic): repository.topics.contains(topic)
        case .stars(let range): range.contains(repository.stars)
        case .forks(let range): range.contains(repository.forks)
        case .size(let range): range.contains(repository.size)
        case .topicCount(let range): range.contains(repository.topics.count)
        case .goodFirstIssues(let range): range.contains(repository.goodFirstIssues)
        case .helpWantedIssues(let range): range.contains(repository.helpWantedIssues)
        case .created(let range): range.contains(repository.createdAt)
        case .pushed(let range): range.contains(repository.pushedAt)
        case .archived(let flag): repository.isArchived == flag
        case .template(let flag): repository.isTemplate == flag
        case .mirror(let flag): !flag
        case .isPublic(let flag): flag
        }
    }
}
