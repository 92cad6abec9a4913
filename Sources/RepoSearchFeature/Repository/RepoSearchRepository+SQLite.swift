import Foundation
public import GRDB
import HTTPKit
import Storage

extension RepoSearchRepository {
    /// The repositories in SQLite: FTS5 and the qualifier indexes narrow the candidates to ids, then
    /// the same `RepositoryMatcher` as the in-memory backend decides, scores and orders — so both
    /// return identical pages. The seeded rows never change, so their tokenised form is loaded once,
    /// on the first search.
    public static func sqlite(_ database: any DatabaseWriter) -> Self {
        let loaded = LoadedSearchIndex()
        return Self(
            search: { query, order, offset, limit in
                let index = try await loaded.index {
                    try await RepositoryError.mappingSQLite {
                        try await database.read { db in try RepositoryRows.all(db) }
                    }
                }
                guard let narrowing = RepositoryRows.candidateQuery(query) else {
                    return index.search(query, order, offset, limit)
                }
                let candidates = try await RepositoryError.mappingSQLite {
                    try await database.read { db in try RepositoryRows.ids(db, narrowing) }
                }
                return index.search(query, order, offset, limit, candidates: candidates)
            },
            repository: { owner, name in
                let found = try await RepositoryError.mappingSQLite {
                    try await database.read { db in try RepositoryRows.fetchOne(db, fullName: owner + "/" + name) }
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
        try db.execute(sql: "INSERT INTO repositories_fts (repositories_fts) VALUES ('rebuild')")
    }
}

/// The `repositories` table's SQL, every value bound.
enum RepositoryRows {
    static let columns = """
        id, name, ownerLogin, ownerID, ownerIsOrganization, description, isFork, isArchived, isTemplate, createdAt, \
        updatedAt, pushedAt, homepage, size, stars, forks, openIssues, helpWantedIssues, goodFirstIssues, language, \
        licenseKey, topics, defaultBranch, readme
        """

    /// Every repository, for the in-process index.
    static func all(_ db: Database) throws -> [Repository] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM repositories").map(repository)
    }

    /// The statement listing the ids that may match, or `nil` when no index narrows the query
    /// (every row is then a candidate). Over-approximate on purpose; `RepositoryMatcher` has the
    /// final word and the order.
    ///
    /// FTS5 narrows by keywords and topics, the indexes by language and owner: the selective
    /// qualifiers. Ranges, dates and flags stay with the matcher: walking an index for them and
    /// looking up each row costs more than checking every repository in memory (BENCHMARKS.md).
    static func candidateQuery(_ query: SearchQuery) -> CandidateQuery? {
        let positive = query.conditions.filter { !$0.negated }.map(\.predicate)
        let languages = positive.compactMap { if case .language(let name) = $0 { name } else { nil } }
        let owners = positive.compactMap { predicate -> String? in
            switch predicate {
            case .user(let login), .organisation(let login): login
            default: nil
            }
        }
        var clauses: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let match = ftsExpression(query) {
            guard !languages.isEmpty || !owners.isEmpty else {
                return CandidateQuery(
                    sql: "SELECT group_concat(rowid) FROM repositories_fts WHERE repositories_fts MATCH ?",
                    arguments: [match],
                    isCacheable: true
                )
            }
            clauses.append("id IN (SELECT rowid FROM repositories_fts WHERE repositories_fts MATCH ?)")
            arguments.append(match)
        }
        if !languages.isEmpty {
            clauses.append("language COLLATE NOCASE IN (\(placeholders(languages.count)))")
            arguments += languages
        }
        if !owners.isEmpty {
            clauses.append("ownerLogin COLLATE NOCASE IN (\(placeholders(owners.count)))")
            arguments += owners
        }
        guard !clauses.isEmpty else { return nil }
        let filter = clauses.joined(separator: " AND ")
        return CandidateQuery(
            sql: "SELECT group_concat(id) FROM repositories WHERE " + filter,
            arguments: StatementArguments(arguments),
            isCacheable: languages.count <= 1 && owners.count <= 1
        )
    }

    /// The ids a `candidateQuery` lists in its one `group_concat` row. One row instead of one per id:
    /// stepping thousands of rows through the C API cost more than the query itself (BENCHMARKS.md).
    static func ids(_ db: Database, _ query: CandidateQuery) throws -> [Int] {
        let statement = try query.isCacheable ? db.cachedStatement(sql: query.sql) : db.makeStatement(sql: query.sql)
        guard let list = try String.fetchOne(statement, arguments: query.arguments) else { return [] }
        var ids: [Int] = []
        var current = 0
        for byte in list.utf8 {
            if byte == UInt8(ascii: ",") {
                ids.append(current)
                current = 0
            } else {
                current = current &* 10 &+ Int(byte &- UInt8(ascii: "0"))
            }
        }
        ids.append(current)
        return ids
    }

    /// A statement listing candidate ids.
    struct CandidateQuery {
        let sql: String
        let arguments: StatementArguments
        /// Whether its shape is one of the few worth keeping prepared (at most one language and one
        /// owner): a query may repeat qualifiers, and every count is another statement.
        let isCacheable: Bool
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// An FTS5 expression for the positive keywords over the searched columns — each keyword's
    /// token, or its prefix when it may match as one (api.md §3.3's 0.5), or its phrase — and for
    /// each `topic:` qualifier, its tokens as a phrase in `topics`.
    static func ftsExpression(_ query: SearchQuery) -> String? {
        var parts: [String] = []
        if !query.keywords.isEmpty {
            let columns = SearchField.allCases.filter(query.fields.contains).map(\.rawValue).joined(separator: " ")
            let terms = query.keywords.map { keyword -> String in
                if keyword.tokens.count > 1 { return phrase(keyword.tokens) }
                let token = keyword.tokens[0]
                return token.utf8.count >= 3 ? phrase([token]) + "*" : phrase([token])
            }
            parts.append("{\(columns)}: (" + terms.joined(separator: " AND ") + ")")
        }
        for condition in query.conditions where !condition.negated {
            guard case .topic(let topic) = condition.predicate else { continue }
            let tokens = SearchTokens.tokens(of: topic)
            if !tokens.isEmpty { parts.append("{topics}: " + phrase(tokens)) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    /// Tokens (letters and digits only, so nothing to escape) as one FTS5 phrase.
    private static func phrase(_ tokens: [String]) -> String {
        "\"" + tokens.joined(separator: " ") + "\""
    }

    static func fetchOne(_ db: Database, fullName: String) throws -> Repository? {
        let parts = fullName.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let statement = try db.cachedStatement(
            sql: "SELECT \(columns) FROM repositories WHERE ownerLogin = ? COLLATE NOCASE AND name = ? COLLATE NOCASE"
        )
        return try Row.fetchOne(statement, arguments: [parts[0], parts[1]]).map(repository)
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
    static func repository(_ row: Row) -> Repository {
        let topics: String = row[21]
        let licenseKey: String? = row[20]
        return Repository(
            id: row[0],
            name: row[1],
            owner: Owner(login: row[2], id: row[3], isOrganization: row[4]),
            description: row[5],
            isFork: row[6],
            isArchived: row[7],
            isTemplate: row[8],
            createdAt: Timestamp(secondsSince1970: (row[9] as Int64) / 1000),
            updatedAt: Timestamp(secondsSince1970: (row[10] as Int64) / 1000),
            pushedAt: Timestamp(secondsSince1970: (row[11] as Int64) / 1000),
            homepage: row[12],
            size: row[13],
            stars: row[14],
            forks: row[15],
            openIssues: row[16],
            helpWantedIssues: row[17],
            goodFirstIssues: row[18],
            language: row[19],
            license: licenseKey.flatMap { key in License.all.first { $0.key == key } },
            topics: topics.split(separator: " ").map(String.init),
            defaultBranch: row[22],
            readme: row[23]
        )
    }
}
