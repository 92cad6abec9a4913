public import GRDB
import HTTPKit
public import Storage

extension RepoSearchRepository {
    /// The repositories in SQLite, searched in process: the rows are loaded into a `SearchIndex` on
    /// the first search (the seeded rows never change), and every search after that is answered
    /// there, by the same matcher as every backend, without a trip to a reader. One repository by
    /// name is a point read, run where it is asked (`LocalReads`: on an event loop, its own
    /// connection); `reads`, when given, are the loops' read connections the other stores on the
    /// file share.
    public static func sqlite(_ database: any DatabaseWriter, reads: LocalReads? = nil) -> Self {
        let loaded = LoadedSearchIndex()
        let reads = reads ?? LocalReads(database)
        return Self(
            search: { query, order, offset, limit in
                let index = try await loaded.index {
                    try await RepositoryError.mappingSQLite {
                        try await database.read { db in try RepositoryRows.all(RowReader(db)) }
                    }
                }
                return index.search(query, order, offset, limit)
            },
            repository: { owner, name in
                let found = try await reads.read { reader in
                    try RepositoryRows.fetchOne(reader, owner: owner, name: name)
                }
                guard let found else { throw SearchError.notFound(owner + "/" + name) }
                return found
            },
            version: { 0 }
        )
    }

    /// Replaces every repository with `repositories` inside the caller's transaction (`POST
    /// /__admin/reset` to another seed); a `.sqlite` repository opened before keeps its loaded index,
    /// so open a new one.
    public static func replace(with repositories: [Repository], in db: Database) throws {
        try db.execute(sql: "DELETE FROM repositories")
        try seed(repositories, into: db)
    }

    /// Writes `repositories` (the seed) into an empty table, inside the caller's transaction.
    public static func seed(_ repositories: [Repository], into db: Database) throws {
        for repository in repositories { try RepositoryRows.insert(db, repository) }
    }
}

/// The `repositories` table's SQL, every value bound.
enum RepositoryRows {
    static let columns = """
        id, name, ownerLogin, ownerID, ownerIsOrganization, description, isFork, isArchived, isTemplate, createdAt, \
        updatedAt, pushedAt, homepage, size, stars, forks, openIssues, helpWantedIssues, goodFirstIssues, language, \
        licenseKey, topics, defaultBranch, readme
        """

    private static let selectAll = ReadQuery("SELECT \(columns) FROM repositories")
    private static let selectByName = ReadQuery(
        "SELECT \(columns) FROM repositories WHERE ownerLogin = ? COLLATE NOCASE AND name = ? COLLATE NOCASE")

    /// Every repository, for the in-process index.
    static func all(_ reader: RowReader) throws -> [Repository] {
        try reader.all(selectAll, decode: repository)
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    static func fetchOne(_ reader: RowReader, owner: String, name: String) throws -> Repository? {
        try reader.first(selectByName, [.text(owner), .text(name)], decode: repository)
    }

    static func insert(_ db: Database, _ repository: Repository) throws {
        try db.execute(
            sql:
                "INSERT INTO repositories (\(columns)) VALUES (\(placeholders(24)))",
            arguments: [
                repository.id, repository.name, repository.owner.login, repository.owner.id,
                repository.owner.isOrganization, repository.description, repository.isFork, repository.isArchived,
                repository.isTemplate, repository.createdAt.secondsSince1970 * 1000,
                repository.updatedAt.secondsSince1970 * 1000, repository.pushedAt.secondsSince1970 * 1000,
                repository.homepage, repository.size, repository.stars, repository.forks, repository.openIssues,
                repository.helpWantedIssues, repository.goodFirstIssues, repository.language, repository.license?.key,
                repository.topics.joined(separator: " "), repository.defaultBranch, repository.readme,
            ]
        )
    }

    /// A repository from a row of `columns`, read by position.
    static func repository(_ row: SQLiteColumns) -> Repository {
        let licenseKey = row.optionalText(20)
        return Repository(
            id: Int(row.integer(0)),
            name: row.text(1),
            owner: Owner(login: row.text(2), id: Int(row.integer(3)), isOrganization: row.integer(4) != 0),
            description: row.optionalText(5),
            isFork: row.integer(6) != 0,
            isArchived: row.integer(7) != 0,
            isTemplate: row.integer(8) != 0,
            createdAt: Timestamp(secondsSince1970: row.integer(9) / 1000),
            updatedAt: Timestamp(secondsSince1970: row.integer(10) / 1000),
            pushedAt: Timestamp(secondsSince1970: row.integer(11) / 1000),
            homepage: row.optionalText(12),
            size: Int(row.integer(13)),
            stars: Int(row.integer(14)),
            forks: Int(row.integer(15)),
            openIssues: Int(row.integer(16)),
            helpWantedIssues: Int(row.integer(17)),
            goodFirstIssues: Int(row.integer(18)),
            language: row.optionalText(19),
            license: licenseKey.flatMap { key in License.all.first { $0.key == key } },
            topics: row.text(21).split(separator: " ").map(String.init),
            defaultBranch: row.text(22),
            readme: row.text(23)
        )
    }
}
