import HTTPKit

extension RepositoryMatcher {
    /// A qualifier with its value resolved to the integers `RepositoryFacts` carry, so testing it
    /// compares numbers and copies nothing that is reference-counted.
    struct QualifierTest {
        enum Kind {
            case language(Int32), license(Int32), user(Int32), organisation(Int32), fullName(Int32)
            case topic(Int32)
            case stars(SearchQuery.Range), forks(SearchQuery.Range), size(SearchQuery.Range)
            case topicCount(SearchQuery.Range), goodFirstIssues(SearchQuery.Range)
            case helpWantedIssues(SearchQuery.Range)
            case created(SearchQuery.TimeRange), pushed(SearchQuery.TimeRange)
            case archived(Bool), template(Bool), constant(Bool)
        }

        let kind: Kind
        let negated: Bool
        /// Its OR group (api.md §3.2: repeated language, license, user, org and repo are OR-ed), or
        /// `nil` when it is AND-ed with everything.
        let group: Int?

        init(_ condition: SearchQuery.Condition, _ tables: SearchTables) {
            negated = condition.negated
            (kind, group) =
                switch condition.predicate {
                case .language(let name): (.language(tables.language(name)), 0)
                case .license(let key): (.license(tables.license(key)), 1)
                case .user(let login): (.user(tables.owner(login)), 2)
                case .organisation(let login): (.organisation(tables.owner(login)), 3)
                case .repository(let fullName): (.fullName(tables.fullName(fullName)), 4)
                case .topic(let name): (.topic(tables.topic(name)), nil)
                case .stars(let range): (.stars(range), nil)
                case .forks(let range): (.forks(range), nil)
                case .size(let range): (.size(range), nil)
                case .topicCount(let range): (.topicCount(range), nil)
                case .goodFirstIssues(let range): (.goodFirstIssues(range), nil)
                case .helpWantedIssues(let range): (.helpWantedIssues(range), nil)
                case .created(let range): (.created(range), nil)
                case .pushed(let range): (.pushed(range), nil)
                case .archived(let flag): (.archived(flag), nil)
                case .template(let flag): (.template(flag), nil)
                // No seeded repository is a mirror or private.
                case .mirror(let flag): (.constant(!flag), nil)
                case .isPublic(let flag): (.constant(flag), nil)
                }
        }

        /// Whether it reads the repository's topic list rather than one number.
        var readsTopics: Bool {
            if case .topic = kind { true } else { false }
        }

        /// Whether the qualifier (before negation) holds for `facts`.
        func holds(for facts: RepositoryFacts, topicIDs: [Int32]) -> Bool {
            switch kind {
            case .language(let id): facts.language == id
            case .license(let id): facts.license == id
            case .user(let id): facts.owner == id
            case .organisation(let id): facts.isOrganization && facts.owner == id
            case .fullName(let id): facts.fullName == id
            case .topic(let id): topicIDs[facts.topics].contains(id)
            case .stars(let range): range.contains(facts.stars)
            case .forks(let range): range.contains(facts.forks)
            case .size(let range): range.contains(facts.size)
            case .topicCount(let range): range.contains(facts.topics.count)
            case .goodFirstIssues(let range): range.contains(facts.goodFirstIssues)
            case .helpWantedIssues(let range): range.contains(facts.helpWantedIssues)
            case .created(let range): range.contains(Timestamp(secondsSince1970: facts.createdAt))
            case .pushed(let range): range.contains(Timestamp(secondsSince1970: facts.pushedAt))
            case .archived(let flag): facts.isArchived == flag
            case .template(let flag): facts.isTemplate == flag
            case .constant(let value): value
            }
        }
    }
}
