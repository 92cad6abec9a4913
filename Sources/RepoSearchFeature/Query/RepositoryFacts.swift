/// What qualifiers and ordering read of one repository, flat and free of references.
///
/// A scan of thousands of repositories tests these — one contiguous array — before it touches a
/// repository's object for keywords: checking `language:swift stars:>100` no longer chases and
/// retains 5,000 objects. Strings are numbered by the index's `SearchTables` when it is built.
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
