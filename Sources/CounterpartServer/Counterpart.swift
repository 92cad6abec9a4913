import ArgumentParser

/// The `counterpart` executable: the backend behind Counterpart's client demos.
struct Counterpart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counterpart",
        abstract: "Seeded, offline HTTP backend for client demos: todos, repository search, newsletter, map pins.",
        version: "0.1.0",
        subcommands: [Serve.self, Migrate.self, Import.self, Seed.self, Probe.self],
        defaultSubcommand: Serve.self
    )
}
