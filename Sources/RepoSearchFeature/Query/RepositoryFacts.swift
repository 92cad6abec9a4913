/// What qualifiers and ordering read of one repository, flat and free of references.
///
/// A scan of thousands of repositories tests qualifiers on these — one contiguous array of plain
/// values, nothing to chase or retain — and touches a repository's object only for keywords.
/// Strings are numbered by the index's `SearchTables` when it is built.
struct RepositoryFacts: Sendable {
    let id: Int
    let stars: Int
    let forks: Int
    let size: Int
    let helpWantedIssues: Int
    let goodFirstIssues: Int
    let createdAt: Int64
    let pushedAt: Int64
    let updatedAt: Int64
    /// Ids in `SearchTables`, or `SearchTables.absent`.
    let language: Int32
    let license: Int32
    let owner: Int32
    /// `owner/name`, lowercased.
    let fullName: Int32
    /// The repository's topic ids, a range of `SearchTables.topicIDs`.
    let topics: Range<Int>
    let isFork: Bool
    let isArchived: Bool
    let isTemplate: Bool
    let isOrganization: Bool
}
