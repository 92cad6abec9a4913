/// A `serve` command line that cannot run: what is wrong with it, said so that its user can fix it,
/// naming the option where one is at fault. `serve` prints it with the usage line and exits 64
/// (`EX_USAGE`), as the other commands do through ArgumentParser.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
