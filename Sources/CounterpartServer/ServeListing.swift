import ArgumentParser

/// `serve` as `counterpart --help` lists it, among the commands ArgumentParser runs.
///
/// `Entry` hands every `serve` command line to ``ServeArguments`` before ArgumentParser sees it, so
/// this type only names the command, marks it the default and points to its own help.
struct ServeListing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API; 'counterpart serve --help' lists its options."
    )
}
