import ArgumentParser

/// The `counterpart` executable as ArgumentParser runs it: the backend behind Counterpart's client
/// demos, and the tools that prepare its databases.
///
/// `serve`, the default, reads its own options (``ServeArguments``) and is only listed here
/// (``ServeListing``); `Entry` hands every other command line to ArgumentParser. Every command
/// names itself in its configuration: ArgumentParser otherwise derives the name by describing the
/// type, a reflection that scans the binary's 7,000 protocol conformances several times per
/// command on every start.
struct Counterpart: AsyncParsableCommand {
    /// What `--version` prints, `serve`'s included.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "counterpart",
        abstract: "Seeded, offline HTTP backend for client demos: todos, repository search, newsletter, map pins.",
        version: version,
        subcommands: [ServeListing.self, Migrate.self, Import.self, Seed.self, Probe.self],
        defaultSubcommand: ServeListing.self
    )
}
