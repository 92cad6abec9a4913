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
                let candidates = try await RepositoryError.mappingSQLite {
                    try await database.read { db in try RepositoryRows.candidateIDs(db, query) }
                }
                return index.search(query, order, offset, limit, candidates: candidates)
            },
            repository: { owner, name in
                let found = try await RepositoryError.mappingSQLite {
                    try await database.read { db in try RepositoryRows.fetchOne(db, fullName: owner + "/" + name) }
                }
                guard let found else { throw SearchError.notFound(owner + "/" + name) }
                return found
            }
        )
    }

    /// Writes `repositories` (the seed) into an empty database.
    public static func seed(_ repositories: [Repository], into database: any DatabaseWriter) async throws {
        try await database.write { db in
            for repository in repositories { try RepositoryRows.insert(db, repository) }
            try db.execute(sql: "INSERT INTO repositories_fts (repositories_fts) VALUES ('rebuild')")
        }
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

    /// The ids that may match: FTS for the keywords, indexes for simple qualifiers. Over-approximate
    /// on purpose; `RepositoryMatcher` has the final word (and the order).
    static func candidateIDs(_ db: Database, _ query: SearchQuery) throws -> [Int] {
        var clauses: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let match = ftsExpression(query) {
            clauses.append("id IN (SELECT rowid FROM repositories_fts WHERE repositories_fts MATCH ?)")
            arguments.append(match)
        }
        switch query.forks {
        case .excluded: clauses.append("isFork = 0")
        case .only: clauses.append("isFork = 1")
        case .included: break
        }
        for condition in query.conditions where !condition.negated {
            switch condition.predicate {
            case .stars(let range): add(range, column: "stars", to: &clauses, &arguments)
            case .forks(let range): add(range, column: "forks", to: &clauses, &arguments)
            case .size(let range): add(range, column: "size", to: &clauses, &arguments)
            case .created(let range): add(range, column: "createdAt", to: &clauses, &arguments)
            case .pushed(let range): add(range, column: "pushedAt", to: &clauses, &arguments)
            case .archived(let flag):
                clauses.append("isArchived = ?")
                arguments.append(flag)
            default: break
            }
        }
        let languages = query.conditions.compactMap { condition -> String? in
            if case .language(let language) = condition.predicate, !condition.negated { return language }
            return nil
        }
        if !languages.isEmpty {
            clauses.append("language COLLATE NOCASE IN (\(languages.map { _ in "?" }.joined(separator: ", ")))")
            arguments += languages
        }
        let filter = clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND ")
        let statement = try db.cachedStatement(sql: "SELECT id FROM repositories" + filter)
        return try Int.fetchAll(statement, arguments: StatementArguments(arguments))
    }

    /// An FTS5 expression for the positive keywords over the searched columns: each keyword's
    /// token, or its prefix when it may match as one (api.md §3.3's 0.5), or its phrase.
    static func ftsExpression(_ query: SearchQuery) -> String? {
        guard !query.keywords.isEmpty else { return nil }
        let columns = SearchField.allCases.filter(query.fields.contains).map(\.rawValue).joined(separator: " ")
        let terms = query.keywords.map { keyword -> String in
            if keyword.tokens.count > 1 { return "\"" + keyword.tokens.joined(separator: " ") + "\"" }
            let token = keyword.tokens[0]
            return token.utf8.count >= 3 ? "\"\(token)\"*" : "\"\(token)\""
        }
        return "{\(columns)}: (" + terms.joined(separator: " AND ") + ")"
    }

    private static func add(
        _ range: SearchQuery.Range,
        column: String,
        to clauses: inout [String],
        _ arguments: inout [any DatabaseValueConvertible]
    ) {
        if let lower = range.lower {
            clauses.append("\(column) >= ?")
            arguments.append(lower)
        }
        if let upper = range.upper {
            clauses.append("\(column) <= ?")
            arguments.append(upper)
        }
    }

    private static func add(
        _ range: SearchQuery.TimeRange,
        column: String,
        to clauses: inout [String],
        _ arguments: inout [any DatabaseValueConvertible]
    ) {
        if let from = range.from {
            clauses.append("\(column) >= ?")
            arguments.append(from * 1000)
        }
        if let before = range.before {
            clauses.append("\(column) < ?")
            arguments.append(before * 1000)
        }
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
                "INSERT INTO repositories (\(columns)) VALUES (\(Array(repeating: "?", count: 24).joined(separator: ", ")))",
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
