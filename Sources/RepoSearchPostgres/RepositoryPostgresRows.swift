#if PostgreSQL
import Foundation
import HTTPKit
import PostgresNIO
import RepoSearchFeature

/// The PostgreSQL `repositories` table's SQL, every value bound.
enum RepositoryPostgresRows {
    static let columns = """
        id, name, owner_login, owner_id, owner_is_organization, description, is_fork, is_archived, is_template, \
        created_at, updated_at, pushed_at, homepage, size, stars, forks, open_issues, help_wanted_issues, \
        good_first_issues, language, license_key, topics, default_branch, readme
        """

    /// Every repository, for the in-process index.
    static func all(_ connection: PostgresConnection) async throws -> [Repository] {
        var repositories: [Repository] = []
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT \(columns) FROM repositories"), logger: connection.logger)
        for try await row in rows { repositories.append(try repository(row)) }
        return repositories
    }

    static func fetchOne(_ connection: PostgresConnection, owner: String, name: String) async throws -> Repository? {
        var bindings = PostgresBindings()
        bindings.append(owner)
        bindings.append(name)
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL:
                    "SELECT \(columns) FROM repositories WHERE lower(owner_login) = lower($1) AND lower(name) = lower($2)",
                binds: bindings),
            logger: connection.logger)
        for try await row in rows { return try repository(row) }
        return nil
    }

    /// Inserts `repositories` in one statement: the rows travel as one JSON array (PostgresNIO's
    /// arrays cannot carry the NULLs of optional columns), each field's tokens made here, in Swift.
    ///
    /// Nothing in this version reads the token vectors (search narrows in process, `SearchIndex`);
    /// they are still written for instances of earlier versions sharing the database during an
    /// upgrade, which narrow with them. A later migration drops them.
    static func insert(_ connection: PostgresConnection, _ repositories: ArraySlice<Repository>) async throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let rows = String(decoding: try encoder.encode(repositories.map(SeedRow.init)), as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO repositories (\(unescaped: columns), name_tokens, description_tokens, topics_tokens,
                readme_tokens)
            SELECT \(unescaped: columns), to_tsvector('simple', name_text), to_tsvector('simple', description_text),
                to_tsvector('simple', topics_text), to_tsvector('simple', readme_text)
            FROM jsonb_to_recordset(\(rows)::jsonb) AS seed(id bigint, name text, owner_login text, owner_id bigint,
                owner_is_organization boolean, description text, is_fork boolean, is_archived boolean,
                is_template boolean, created_at bigint, updated_at bigint, pushed_at bigint, homepage text,
                size bigint, stars bigint, forks bigint, open_issues bigint, help_wanted_issues bigint,
                good_first_issues bigint, language text, license_key text, topics text, default_branch text,
                readme text, name_text text, description_text text, topics_text text, readme_text text)
            """, logger: connection.logger)
    }

    /// One repository as `insert` sends it, its members named (in snake case) as the table's columns.
    private struct SeedRow: Encodable {
        let id: Int, name: String, ownerLogin: String, ownerId: Int, ownerIsOrganization: Bool
        let description: String?, isFork: Bool, isArchived: Bool, isTemplate: Bool
        let createdAt: Int64, updatedAt: Int64, pushedAt: Int64, homepage: String?
        let size: Int, stars: Int, forks: Int, openIssues: Int, helpWantedIssues: Int, goodFirstIssues: Int
        let language: String?, licenseKey: String?, topics: String, defaultBranch: String, readme: String
        let nameText: String, descriptionText: String, topicsText: String, readmeText: String

        init(_ repository: Repository) {
            id = repository.id
            name = repository.name
            ownerLogin = repository.owner.login
            ownerId = repository.owner.id
            ownerIsOrganization = repository.owner.isOrganization
            description = repository.description
            isFork = repository.isFork
            isArchived = repository.isArchived
            isTemplate = repository.isTemplate
            createdAt = repository.createdAt.secondsSince1970 * 1000
            updatedAt = repository.updatedAt.secondsSince1970 * 1000
            pushedAt = repository.pushedAt.secondsSince1970 * 1000
            homepage = repository.homepage
            size = repository.size
            stars = repository.stars
            forks = repository.forks
            openIssues = repository.openIssues
            helpWantedIssues = repository.helpWantedIssues
            goodFirstIssues = repository.goodFirstIssues
            language = repository.language
            licenseKey = repository.license?.key
            topics = repository.topics.joined(separator: " ")
            defaultBranch = repository.defaultBranch
            readme = repository.readme
            // A phrase may run from one topic into the next here; the matcher, which keeps them
            // apart, decides.
            let tokens = IndexedRepository.Tokens(repository)
            nameText = tokens.name.joined(separator: " ")
            descriptionText = tokens.description.joined(separator: " ")
            topicsText = tokens.topics.joined().joined(separator: " ")
            readmeText = tokens.readme.joined(separator: " ")
        }
    }

    /// A repository from a row of `columns`, read by position.
    static func repository(_ row: PostgresRow) throws -> Repository {
        let cells = row.makeRandomAccess()
        func at<T: PostgresDecodable>(_ index: Int, _: T.Type = T.self) throws -> T { try cells[index].decode(T.self) }
        let licenseKey: String? = try at(20)
        let topics: String = try at(21)
        return Repository(
            id: try at(0),
            name: try at(1),
            owner: Owner(login: try at(2), id: try at(3), isOrganization: try at(4)),
            description: try at(5),
            isFork: try at(6),
            isArchived: try at(7),
            isTemplate: try at(8),
            createdAt: Timestamp(secondsSince1970: try at(9, Int64.self) / 1000),
            updatedAt: Timestamp(secondsSince1970: try at(10, Int64.self) / 1000),
            pushedAt: Timestamp(secondsSince1970: try at(11, Int64.self) / 1000),
            homepage: try at(12),
            size: try at(13),
            stars: try at(14),
            forks: try at(15),
            openIssues: try at(16),
            helpWantedIssues: try at(17),
            goodFirstIssues: try at(18),
            language: try at(19),
            license: licenseKey.flatMap { key in License.all.first { $0.key == key } },
            topics: topics.split(separator: " ").map(String.init),
            defaultBranch: try at(22),
            readme: try at(23)
        )
    }
}
#endif
