import AppFeature
import ArgumentParser
import Foundation
import HTTPKit
import Logging
import Storage
import TodosFeature

/// `counterpart import`: upserts todos from a JSON file into a database, all or nothing.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import todos from a JSON array (as GET /todos returns them) into a database.",
        discussion: "Every item is validated first; on any error nothing is imported. A new database gets exactly the "
            + "file's todos, no seed data."
    )

    @Option(help: "Database: a SQLite file path or postgres://… (env DATABASE_URL).")
    var database = DatabaseArgument.fromEnvironment

    @Option(help: "The JSON file of todos.")
    var todos: String

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: todos) else {
            throw ValidationError("Cannot read \(todos). Pass --todos with the path of a JSON array of todos.")
        }
        let parsed: [Todo]
        do {
            parsed = try TodosImport.parse(Array(data))
        } catch {
            let lines = error.problem.errors.map { "  \($0.field): \($0.detail)" }
            throw ValidationError(
                ([error.problem.detail] + lines + ["Nothing was imported."]).joined(separator: "\n")
            )
        }
        try await fill(database, with: parsed, dataset: "import", command: "import")
        print("Imported \(parsed.count) todos into \(database).")
    }
}

/// `counterpart seed`: fills a database with a deterministic dataset.
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Fill a new database with a deterministic dataset.",
        discussion: """
            demo is what serve seeds; bench is the demo with 100 todos (Scripts/bench); pins-1m is the demo with \
            1,000,000 map pins (997,200 spread over the globe) for measuring the spatial index at scale.
            """
    )

    enum Dataset: String, ExpressibleByArgument, CaseIterable {
        case demo, bench
        case pinsMillion = "pins-1m"
    }

    @Option(help: "demo, bench or pins-1m.")
    var dataset: Dataset = .demo

    @Option(help: "Seed of the generated repositories and pins (the same seed gives the same data).")
    var seed: UInt64 = 1

    @Option(help: "Database: a SQLite file path or postgres://… (env DATABASE_URL).")
    var database = DatabaseArgument.fromEnvironment

    func run() async throws {
        let todos = dataset == .bench ? TodosSeed.bench : TodosSeed.demo
        let pins: PinDataset = dataset == .pinsMillion ? .million : .demo
        let served = try await fill(
            database, with: todos, dataset: dataset.rawValue, command: "seed", seed: seed, pins: pins)
        // Every dataset's size, named as a reset's summary names it: `pins-1m` differs from the demo
        // in its pins, not its todos.
        let sizes =
            ["\(todos.count) todos"]
            + App.domains(pins: pins).compactMap { domain in
                served[domain.summaryKey].map { "\($0) \(domain.summaryKey)" }
            }
        print("Seeded \(dataset.rawValue) into \(database): \(sizes.joined(separator: ", ")).")
    }
}

/// Opens the SQLite file or PostgreSQL database `database` without seeding its todos, marks it as
/// filled by `dataset` when it is new (so `serve` will not seed it), and stores `todos` exactly as
/// given. The read-only datasets are generated from `seed` into empty tables, the pins as `pins`
/// says; returns how many items each serves, by its domain's `summaryKey`.
@discardableResult
private func fill(
    _ database: DatabaseArgument,
    with todos: [Todo],
    dataset: String,
    command: String,
    seed: UInt64 = 1,
    pins: PinDataset = .demo
) async throws -> [String: Int] {
    let location = database.location
    if case .memory = location {
        throw ValidationError("--database \(database): \(command) needs a SQLite file path or a postgres:// URL.")
    }
    let opened = try await AppDatabase.open(
        location, readers: 1, seed: seed, domains: App.domains(pins: pins), emptyDomains: [Domain.todos().name],
        postgres: .ofThisBuild(logger: Logger(label: "counterpart.\(command)")))
    do {
        try await opened.claim(dataset: dataset)
        _ = try await opened.repositories.todoRepository.write(.importAll(todos))
    } catch {
        // The failure is what the command reports; a close that fails too leaves the data in the log.
        try? await opened.close()
        throw error
    }
    try await opened.close()
    return opened.datasetCounts
}
