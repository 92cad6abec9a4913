import AppFeature
import Dependencies
import GRDB
import Storage
import Synchronization

/// The notes of one sandbox, behind `async throws` calls like every domain's repository.
struct NoteRepository: Sendable {
    var list: @Sendable () async throws -> [Note]
    var add: @Sendable (_ text: String) async throws -> Note
    /// Replaces every note with `texts`, numbered from 1.
    var reset: @Sendable (_ texts: [String]) async throws -> Void

    /// The notes every new sandbox starts with.
    static let seed = ["Buy oat milk", "Call Ada about the demo"]

    /// Notes in process memory.
    static func inMemory() -> Self {
        let notes = Mutex<[Note]>([])
        return Self(
            list: { notes.withLock { $0 } },
            add: { text in
                notes.withLock { notes in
                    let note = Note(id: (notes.last?.id ?? 0) + 1, text: text)
                    notes.append(note)
                    return note
                }
            },
            reset: { texts in
                notes.withLock { $0 = texts.enumerated().map { Note(id: $0.offset + 1, text: $0.element) } }
            })
    }

    /// `partition`'s rows of the `notes` table in a SQLite file; a write checks the sandbox is still
    /// the one recorded, as every domain's does.
    static func sqlite(_ writer: any DatabaseWriter, partition: SandboxPartition) -> Self {
        let sandbox = partition.key
        return Self(
            list: {
                try await writer.read { db in
                    try Row.fetchAll(
                        db, sql: "SELECT id, text FROM notes WHERE sandbox = ? ORDER BY id", arguments: [sandbox]
                    ).map { Note(id: $0[0], text: $0[1]) }
                }
            },
            add: { text in
                try await writer.write { db in
                    try partition.checkLive(db)
                    let id =
                        try Int.fetchOne(
                            db, sql: "SELECT COALESCE(MAX(id), 0) + 1 FROM notes WHERE sandbox = ?",
                            arguments: [sandbox])
                        ?? 1
                    try db.execute(
                        sql: "INSERT INTO notes (sandbox, id, text) VALUES (?, ?, ?)", arguments: [sandbox, id, text])
                    return Note(id: id, text: text)
                }
            },
            reset: { texts in
                try await writer.write { db in
                    try partition.checkLive(db)
                    try db.execute(sql: "DELETE FROM notes WHERE sandbox = ?", arguments: [sandbox])
                    for (offset, text) in texts.enumerated() {
                        try db.execute(
                            sql: "INSERT INTO notes (sandbox, id, text) VALUES (?, ?, ?)",
                            arguments: [sandbox, offset + 1, text])
                    }
                }
            })
    }

    /// The SQLite schema.
    static let migrations = [
        Migration("notes-1-create") { db in
            try db.execute(
                sql: """
                    CREATE TABLE notes (
                        sandbox TEXT NOT NULL, id INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (sandbox, id)
                    ) STRICT
                    """)
        }
    ]

    /// Removes a sandbox's notes inside the dropping transaction.
    static func dropSandbox(_ db: Database, _ sandbox: String) throws {
        try db.execute(sql: "DELETE FROM notes WHERE sandbox = ?", arguments: [sandbox])
    }

    /// The same repository with every call's duration recorded in `metrics`.
    func timed(by metrics: AppMetrics) -> Self {
        let list = metrics.repositoryTimer("notes", "list")
        let add = metrics.repositoryTimer("notes", "add")
        let reset = metrics.repositoryTimer("notes", "reset")
        return Self(
            list: { try await list.time { try await self.list() } },
            add: { text in try await add.time { try await self.add(text) } },
            reset: { texts in try await reset.time { try await self.reset(texts) } })
    }
}

extension NoteRepository: DependencyKey {
    static let liveValue = NoteRepository.inMemory()
    static var testValue: NoteRepository { .inMemory() }
}

extension DependencyValues {
    var noteRepository: NoteRepository {
        get { self[NoteRepository.self] }
        set { self[NoteRepository.self] = newValue }
    }
}
