import Dependencies
import Glibc

extension Serve {
    /// The arguments `serve` runs with, or `nil` when the command line names another command.
    ///
    /// `serve` is the default: a command line that starts with one of its options, or is empty,
    /// serves, as `docker run image --dev` expects. `help serve` is `serve --help`.
    static func arguments(in commandLine: [String]) -> [String]? {
        guard let first = commandLine.first else { return [] }
        if first == "serve" { return Array(commandLine.dropFirst()) }
        if commandLine.starts(with: ["help", "serve"]) { return ["--help"] }
        // ArgumentParser's own flags on the root command: the root's help and version, and the
        // completion script and help dump it writes for the commands it parses.
        let rootFlags = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]
        return first.hasPrefix("-") && !rootFlags.contains(first) ? commandLine : nil
    }

    /// Reads `arguments`, serves until a graceful shutdown and returns the process's exit status: 0
    /// after the shutdown, `--help` or `--version`; 64 (`EX_USAGE`) for a command line it cannot
    /// run, its problem printed with the usage line as ArgumentParser prints the other commands';
    /// 1 when serving fails.
    static func main(_ arguments: [String]) async -> Int32 {
        let serve: Serve
        do {
            switch try ServeArguments.read(arguments) {
            case .help:
                print(ServeHelp.text())
                return 0
            case .version:
                print(Counterpart.version)
                return 0
            case .run(let configured):
                serve = configured
            }
        } catch {
            printError(
                """
                Error: \(error)
                Usage: \(ServeHelp.usage)
                  See 'counterpart serve --help' for more information.
                """)
            return 64
        }
        do {
            // A server runs live. Named here, swift-dependencies does not infer the context from
            // the environment (3 % of a start's instructions), and no variable a test runner or a
            // shell exports can turn it to `.test`.
            try await withDependencies {
                $0.context = .live
            } operation: {
                try await serve.run()
            }
            return 0
        } catch is LoggedFailure {
            return 1
        } catch {
            printError("Error: \(error)")
            return 1
        }
    }

    /// Writes `text` and a newline to standard error, unbuffered, as a failing command's last words.
    private static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// A failure `serve` has logged already, with what it knows of the cause; only the exit status is left.
struct LoggedFailure: Error {}
