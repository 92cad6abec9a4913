public import HTTPKit

/// A seeded code repository, with everything GitHub's search result reports about it (api.md §3).
public struct Repository: Sendable, Equatable {
    /// GitHub-style numeric id, from 1,000,000.
    public var id: Int
    /// The repository name (`swift-composable-architecture`).
    public var name: String
    /// Its owner, a user or an organisation.
    public var owner: Owner
    /// A sentence, or `nil`.
    public var description: String?
    /// Whether it is a fork.
    public var isFork: Bool
    /// Whether it is archived.
    public var isArchived: Bool
    /// Whether it is a template.
    public var isTemplate: Bool
    /// Creation, last update and last push times; pushed ≤ updated.
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var pushedAt: Timestamp
    /// A homepage URL, or `nil`.
    public var homepage: String?
    /// Size in KB.
    public var size: Int
    /// Stargazers (also GitHub's `watchers`).
    public var stars: Int
    /// Forks.
    public var forks: Int
    /// Open issues.
    public var openIssues: Int
    /// Issues labelled "help wanted" and "good first issue".
    public var helpWantedIssues: Int
    public var goodFirstIssues: Int
    /// Primary language, or `nil`.
    public var language: String?
    /// The licence, or `nil`.
    public var license: License?
    /// Lowercase topics, sorted.
    public var topics: [String]
    /// `main`, or `master` for repositories created before 2020-10-01.
    public var defaultBranch: String
    /// A README sentence: searchable with `in:readme`, never returned.
    public var readme: String

    /// A repository as given, field by field (the backends', the PostgreSQL one's module included).
    package init(
        id: Int,
        name: String,
        owner: Owner,
        description: String?,
        isFork: Bool,
        isArchived: Bool,
        isTemplate: Bool,
        createdAt: Timestamp,
        updatedAt: Timestamp,
        pushedAt: Timestamp,
        homepage: String?,
        size: Int,
        stars: Int,
        forks: Int,
        openIssues: Int,
        helpWantedIssues: Int,
        goodFirstIssues: Int,
        language: String?,
        license: License?,
        topics: [String],
        defaultBranch: String,
        readme: String
    ) {
        self.id = id
        self.name = name
        self.owner = owner
        self.description = description
        self.isFork = isFork
        self.isArchived = isArchived
        self.isTemplate = isTemplate
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pushedAt = pushedAt
        self.homepage = homepage
        self.size = size
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.helpWantedIssues = helpWantedIssues
        self.goodFirstIssues = goodFirstIssues
        self.language = language
        self.license = license
        self.topics = topics
        self.defaultBranch = defaultBranch
        self.readme = readme
    }

    /// `owner/name`.
    public var fullName: String { owner.login + "/" + name }
}

/// A repository owner.
public struct Owner: Sendable, Equatable, Hashable {
    /// The login (`pointlabs`).
    public var login: String
    /// GitHub-style numeric id, from 10,000.
    public var id: Int
    /// `Organization` rather than `User`.
    public var isOrganization: Bool

    /// An owner as given.
    package init(login: String, id: Int, isOrganization: Bool) {
        self.login = login
        self.id = id
        self.isOrganization = isOrganization
    }
}

/// An open-source licence, as GitHub's `license` object names it.
public struct License: Sendable, Equatable, Hashable {
    /// `mit`, `apache-2.0`, …
    public var key: String
    /// `MIT License`, …
    public var name: String
    /// `MIT`, …
    public var spdxID: String

    /// The licences the seed uses.
    public static let all: [License] = [
        License(key: "mit", name: "MIT License", spdxID: "MIT"),
        License(key: "apache-2.0", name: "Apache License 2.0", spdxID: "Apache-2.0"),
        License(key: "bsd-3-clause", name: "BSD 3-Clause \"New\" or \"Revised\" License", spdxID: "BSD-3-Clause"),
        License(key: "gpl-3.0", name: "GNU General Public License v3.0", spdxID: "GPL-3.0"),
        License(key: "mpl-2.0", name: "Mozilla Public License 2.0", spdxID: "MPL-2.0"),
    ]
}
