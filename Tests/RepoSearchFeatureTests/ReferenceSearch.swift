import Foundation
import HTTPKit

@testable import RepoSearchFeature

/// api.md §3.2–3.3 written as plainly as possible — strings and `Repository` values, no vocabulary,
/// no index, no narrowing — to check the shared `RepositoryMatcher`, which the contract suite cannot
/// (every backend uses it).
enum ReferenceSearch {
    /// A repository with its fields' tokens, worked out once: tokenising 5,000 repositories for
    /// every query made this test hog a thread for seconds.
    struct Document {
        let repository: Repository
        let name: [String]
        let description: [String]
        let topics: [[String]]
        let readme: [String]

        init(_ repository: Repository) {
            self.repository = repository
            name = ReferenceSearch.tokens(repository.name)
            description = ReferenceSearch.tokens(repository.description ?? "")
            topics = repository.topics.map(ReferenceSearch.tokens)
            readme = ReferenceSearch.tokens(repository.readme)
        }
    }

    /// Every match of `query`, in `order`, with its score.
    static func search(_ query: SearchQuery, _ order: SearchOrder, in repositories: [Repository]) -> [SearchResult] {
        sorted(matches(query, in: repositories.map(Document.init)), order)
    }

    /// Every match of `query` with its score, unordered.
    static func matches(_ query: SearchQuery, in documents: [Document]) -> [SearchResult] {
        documents.compactMap { document in
            score(document, query).map { SearchResult(repository: document.repository, score: $0) }
        }
    }

    /// `results` in `order`: best match is score, then stars, descending; a sort key follows the
    /// order; ties by id, ascending.
    static func sorted(_ results: [SearchResult], _ order: SearchOrder) -> [SearchResult] {
        results.sorted { lhs, rhs in
            let (a, b) = (lhs.repository, rhs.repository)
            if let key = order.sort {
                let (x, y) = (sortKey(a, key), sortKey(b, key))
                if x != y { return order.ascending ? x < y : x > y }
            } else {
                if lhs.score != rhs.score { return lhs.score > rhs.score }
                if a.stars != b.stars { return a.stars > b.stars }
            }
            return a.id < b.id
        }
    }

    static func sortKey(_ repository: Repository, _ key: SearchOrder.SortKey) -> Int64 {
        switch key {
        case .stars: Int64(repository.stars)
        case .forks: Int64(repository.forks)
        case .helpWantedIssues: Int64(repository.helpWantedIssues)
        case .updated: repository.updatedAt.secondsSince1970
        }
    }

    /// Maximal runs of ASCII letters and digits, lowercased (for ASCII text, which the seed is).
    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    }

    static func score(_ document: Document, _ query: SearchQuery) -> Double? {
        let repository = document.repository
        switch query.forks {
        case .excluded where repository.isFork, .only where !repository.isFork: return nil
        default: break
        }
        guard satisfies(repository, query.conditions) else { return nil }
        if query.excludedKeywords.contains(where: { strength($0.tokens, document, query.fields) > 0 }) { return nil }
        var text = query.keywords.isEmpty ? 1.0 : 0.0
        for keyword in query.keywords {
            let strength = strength(keyword.tokens, document, query.fields)
            guard strength > 0 else { return nil }
            text += strength * Double(keyword.tokens.count)
        }
        if !query.keywords.isEmpty, query.keywords.flatMap(\.tokens) == document.name { text += 5 }
        let raw = text * (1 + log10(1 + Double(repository.stars)))
        return (raw * 1000).rounded(.toNearestOrAwayFromZero) / 1000
    }

    /// s(t) = max over searched fields of w(f)·m(t,f); topics count one topic at a time.
    static func strength(_ keyword: [String], _ document: Document, _ fields: Set<SearchField>) -> Double {
        var best = 0.0
        for field in fields {
            let (weight, texts): (Double, [[String]]) =
                switch field {
                case .name: (5, [document.name])
                case .description: (2, [document.description])
                case .topics: (3, document.topics)
                case .readme: (1, [document.readme])
                }
            for tokens in texts { best = max(best, weight * match(keyword, tokens)) }
        }
        return best
    }

    /// m(t,f): 1 for consecutive tokens, 0.5 for one token of ≥ 3 characters that begins one, else 0.
    static func match(_ keyword: [String], _ field: [String]) -> Double {
        if keyword.count <= field.count {
            for start in 0...(field.count - keyword.count) where Array(field[start..<start + keyword.count]) == keyword
            {
                return 1
            }
        }
        if keyword.count == 1, keyword[0].count >= 3, field.contains(where: { $0.hasPrefix(keyword[0]) }) { return 0.5 }
        return 0
    }

    /// Repeated language, license, user, org and repo are OR-ed; everything else is AND-ed.
    static func satisfies(_ repository: Repository, _ conditions: [SearchQuery.Condition]) -> Bool {
        var groups: [String: Bool] = [:]
        for condition in conditions {
            let holds = holds(condition.predicate, repository)
            if condition.negated {
                if holds { return false }
            } else if let group = groupName(condition.predicate) {
                groups[group] = (groups[group] ?? false) || holds
            } else if !holds {
                return false
            }
        }
        return groups.values.allSatisfy { $0 }
    }

    static func groupName(_ predicate: SearchQuery.Predicate) -> String? {
        switch predicate {
        case .language: "language"
        case .license: "license"
        case .user: "user"
        case .organisation: "org"
        case .repository: "repo"
        default: nil
        }
    }

    static func holds(_ predicate: SearchQuery.Predicate, _ repository: Repository) -> Bool {
        switch predicate {
        case .language(let name): repository.language?.lowercased() == name
        case .license(let key): repository.license?.key.lowercased() == key
        case .user(let login): repository.owner.login.lowercased() == login
        case .organisation(let login): repository.owner.isOrganization && repository.owner.login.lowercased() == login
        case .repository(let fullName): repository.fullName.lowercased() == fullName
        case .topic(let topic): repository.topics.contains { $0.lowercased() == topic }
        case .stars(let range): within(range, repository.stars)
        case .forks(let range): within(range, repository.forks)
        case .size(let range): within(range, repository.size)
        case .topicCount(let range): within(range, repository.topics.count)
        case .goodFirstIssues(let range): within(range, repository.goodFirstIssues)
        case .helpWantedIssues(let range): within(range, repository.helpWantedIssues)
        case .created(let range): within(range, repository.createdAt.secondsSince1970)
        case .pushed(let range): within(range, repository.pushedAt.secondsSince1970)
        case .archived(let flag): repository.isArchived == flag
        case .template(let flag): repository.isTemplate == flag
        case .mirror(let flag): !flag
        case .isPublic(let flag): flag
        }
    }

    /// Inclusive bounds, open where `nil` (api.md's `N..M`, `>N`, `*..N`).
    static func within(_ range: SearchQuery.Range, _ value: Int) -> Bool {
        if let lower = range.lower, value < lower { return false }
        if let upper = range.upper, value > upper { return false }
        return true
    }

    /// From inclusive, before exclusive, open where `nil`.
    static func within(_ range: SearchQuery.TimeRange, _ seconds: Int64) -> Bool {
        if let from = range.from, seconds < from { return false }
        if let before = range.before, seconds >= before { return false }
        return true
    }
}
