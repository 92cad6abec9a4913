#if PostgreSQL
import Foundation
import HTTPKit
public import PostgresNIO
public import PostgresStorage
public import RepoSearchFeature
import Storage

extension RepoSearchRepository {
    /// The repositories in PostgreSQL, searched in process: the rows are loaded into a `SearchIndex`
    /// on the first search (the seeded rows never change), and every search after that is answered
    /// there, by the same matcher as every backend, without a round trip to the server.
    public static func postgres(_ database: PostgresBackend) -> Self {
        let loaded = LoadedSearchIndex()
        return Self(
            search: { query, order, offset, limit in
                let index = try await loaded.index {
                    try await database.withConnection { try await RepositoryPostgresRows.all($0) }
                }
                return index.search(query, order, offset, limit)
            },
            repository: { owner, name in
                let found = try await database.withConnection { connection in
                    try await RepositoryPostgresRows.fetchOne(connection, owner: owner, name: name)
                }
                guard let found else { throw SearchError.notFound(owner + "/" + name) }
                return found
            },
            version: { 0 }
        )
    }

    /// Writes `repositories` (the seed) into an empty table, inside the caller's transaction, 1,000
    /// a statement.
    public static func seed(_ repositories: [Repository], on connection: PostgresConnection) async throws {
        for start in stride(from: 0, to: repositories.count, by: 1_000) {
            try await RepositoryPostgresRows.insert(
                connection, repositories[start..<min(start + 1_000, repositories.count)])
        }
        // Statistics now, not when autovacuum comes: without them the planner scans every row.
        try await connection.query("ANALYZE repositories", logger: connection.logger)
    }

    /// Replaces every repository with `repositories` inside the caller's transaction.
    public static func replace(with repositories: [Repository], on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM repositories", logger: connection.logger)
        try await seed(repositories, on: connection)
    }
}
#endif
