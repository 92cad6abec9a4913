import HTTPKit

/// Numbers for the strings qualifiers compare — languages, licences, owners, topics, full names —
/// so a query's values are looked up once and every repository carries small integers
/// (`RepositoryFacts`).
struct SearchTables: Sendable {
    /// A repository without the value (no language, no licence).
    static let absent: Int32 = -1
    /// A query value no repository has: equal to no repository's id, not even `absent`.
    static let unknown: Int32 = -2

    private var languages: [String: Int32] = [:]
    private var licenses: [String: Int32] = [:]
    private var owners: [String: Int32] = [:]
    private var topics: [String: Int32] = [:]
    private var fullNames: [String: Int32] = [:]
    /// Every repository's topic ids, one repository after another.
    private(set) var topicIDs: [Int32] = []

    /// Numbers `repository`'s strings, lowercased as the parser lowercases query values (api.md: case
    /// never matters), adding new ones, and returns its facts.
    mutating func facts(for repository: Repository) -> RepositoryFacts {
        let start = topicIDs.count
        topicIDs += repository.topics.map { Self.number($0.lowercased(), in: &topics) }
        return RepositoryFacts(
            id: repository.id,
            stars: repository.stars,
            forks: repository.forks,
            size: repository.size,
            helpWantedIssues: repository.helpWantedIssues,
            goodFirstIssues: repository.goodFirstIssues,
            createdAt: repository.createdAt.secondsSince1970,
            pushedAt: repository.pushedAt.secondsSince1970,
            updatedAt: repository.updatedAt.secondsSince1970,
            language: repository.language.map { Self.number($0.lowercased(), in: &languages) } ?? Self.absent,
            license: repository.license.map { Self.number($0.key.lowercased(), in: &licenses) } ?? Self.absent,
            owner: Self.number(repository.owner.login.lowercased(), in: &owners),
            fullName: Self.number(repository.fullName.lowercased(), in: &fullNames),
            topics: start..<topicIDs.count,
            isFork: repository.isFork,
            isArchived: repository.isArchived,
            isTemplate: repository.isTemplate,
            isOrganization: repository.owner.isOrganization
        )
    }

    /// The ids of query values (lowercased by the parser), or `unknown`.
    func language(_ name: String) -> Int32 { languages[name] ?? Self.unknown }
    func license(_ key: String) -> Int32 { licenses[key] ?? Self.unknown }
    func owner(_ login: String) -> Int32 { owners[login] ?? Self.unknown }
    func topic(_ name: String) -> Int32 { topics[name] ?? Self.unknown }
    func fullName(_ ownerAndName: String) -> Int32 { fullNames[ownerAndName] ?? Self.unknown }

    private static func number(_ value: String, in table: inout [String: Int32]) -> Int32 {
        if let id = table[value] { return id }
        let id = Int32(table.count)
        table[value] = id
        return id
    }
}
