import ArgumentParser

/// The `counterpart` executable: the backend behind Counterpart's client demos.
///
/// Every command names itself in its configuration: ArgumentParser otherwise derives the name by
/// describing the type, a reflection that scans the binary's 7,000 protocol conformances several
/// times per command on every start.
struct Counterpart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counterpart",
        abstract: "Seeded, offline HTTP backend for client demos: todos, repository search, newsletter, map pins.",
        version: "0.1.0",
        subcommands: [Serve.self, Migrate.self, Import.self, Seed.self, Probe.self],
        defaultSubcommand: Serve.self
    )
}
