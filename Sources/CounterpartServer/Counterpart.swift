import ArgumentParser

/// The `counterpart` executable's commands besides `serve`: the backend behind Counterpart's client
/// demos, and the tools that prepare its databases.
///
/// `serve`, the default, reads its own options (``ServeArguments``); `Entry` hands every other
/// command line to ArgumentParser. Every command names itself in its configuration:
/// ArgumentParser otherwise derives the name by describing the type, a reflection that scans the
/// binary's 7,000 protocol conformances several times per command on every start.
struct Counterpart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counterpart",
        abstract: "Seeded, offline HTTP backend for client demos: todos, repository search, newsletter, map pins.",
        discussion: """
            counterpart serve [<options>] serves the HTTP API; it is the default, so counterpart alone, or with \
            serve's options only, serves too. 'counterpart serve --help' lists its options.
            """,
        version: "0.1.0",
        subcommands: [Migrate.self, Import.self, Seed.self, Probe.self]
    )
}
