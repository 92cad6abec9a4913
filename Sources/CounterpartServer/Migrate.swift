import AppFeature
import ArgumentParser
import Logging
import Storage

/// `counterpart migrate`: brings a database to this build's schema without serving it.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply this build's schema migrations to a database (serve does it too, before serving).",
        discussion: """
            A database with no Counterpart schema is also seeded with the read-only datasets (repositories, pins) \
            of --seed. On PostgreSQL the steps run in one transaction under an advisory lock, so instances starting \
            meanwhile wait; a database migrated by a newer Counterpart is refused.
            """
    )

    @Option(help: "Database: a SQLite file path or postgres://… (env DATABASE_URL).")
    var database = DatabaseArgument.fromEnvironment

    @Option(help: "Seed of the read-only datasets a new database is filled with.")
    var seed: UInt64 = 1

    func run() async throws {
        switch database.location {
        case .memory:
            throw ValidationError("--database memory has nothing to migrate; give a SQLite file or a postgres:// URL.")
        case .sqliteFile:
            let opened = try await AppDatabase.open(database.location, readers: 1, seed: seed)
            try await opened.close()
            print("\(database) is at this build's schema.")
        case .postgres(let text):
            guard let postgres = PostgresSupport.ofThisBuild(logger: Logger(label: "counterpart.migrate")) else {
                throw ValidationError("\(PostgresSupport.missing(for: text))")
            }
            let url = try PostgresURL(text)
            let outcome = try await postgres.migrate(url, seed)
            if outcome.applied.isEmpty {
                print("\(url) is at this build's schema; nothing to apply.")
            } else {
                let seeded = outcome.seeded ? ", and seeded the datasets of seed \(seed)" : ""
                let steps = outcome.applied.joined(separator: ", ")
                print("Applied \(outcome.applied.count) steps to \(url)\(seeded): \(steps).")
            }
        }
    }
}
