#if PostgreSQL
import AppFeature
import AppPostgres
import PostgresNIO
import PostgresStorage
import Storage

extension NoteRepository {
    /// `partition`'s rows of the shared `notes` table in PostgreSQL.
    static func postgres(_ database: PostgresBackend, partition: SandboxPartition) -> Self {
        let sandbox = partition.key
        return Self(
            list: {
                try await database.withConnection { connection in
                    var notes: [Note] = []
                    let rows = try await connection.query(
                        "SELECT id, text FROM notes WHERE sandbox = \(sandbox) ORDER BY id", logger: connection.logger)
                    for try await (id, text) in rows.decode((Int, String).self) {
                        notes.append(Note(id: id, text: text))
                    }
                    return notes
                }
            },
            add: { text in
                try await database.transaction { connection in
                    try await partition.checkLive(connection)
                    let rows = try await connection.query(
                        """
                        INSERT INTO notes (sandbox, id, text)
                        SELECT \(sandbox), COALESCE(MAX(id), 0) + 1, \(text) FROM notes WHERE sandbox = \(sandbox)
                        RETURNING id
                        """, logger: connection.logger)
                    for try await id in rows.decode(Int.self) { return Note(id: id, text: text) }
                    throw RepositoryError.unavailable("The note was not stored.")
                }
            },
            reset: { texts in
                try await database.transaction { connection in
                    try await partition.checkLive(connection)
                    try await connection.query(
                        "DELETE FROM notes WHERE sandbox = \(sandbox)", logger: connection.logger)
                    for (offset, text) in texts.enumerated() {
                        try await connection.query(
                            "INSERT INTO notes (sandbox, id, text) VALUES (\(sandbox), \(offset + 1), \(text))",
                            logger: connection.logger)
                    }
                }
            })
    }
}

extension PostgresDomain {
    /// The fifth domain's PostgreSQL backend, beside the four of `PostgresDomain.all()`.
    static let notes = PostgresDomain(
        name: Domain.notes.name,
        migrations: [
            PostgresMigration(
                "notes-1-create",
                [
                    """
                    CREATE TABLE notes (
                        sandbox text COLLATE "C" NOT NULL, id bigint NOT NULL, text text NOT NULL,
                        PRIMARY KEY (sandbox, id))
                    """
                ])
        ],
        stores: { database in
            { place in NoteRepository.postgres(database, partition: place.partition).placed(at: place) }
        },
        dropSandbox: { connection, sandbox in
            try await connection.query("DELETE FROM notes WHERE sandbox = \(sandbox)", logger: connection.logger)
        })
}
#endif
