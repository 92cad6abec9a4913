import CounterpartTestSupport
import Foundation
import Testing

/// `serve` reads its own command line; these hold it to what ArgumentParser gave the other commands.
@Suite("counterpart serve's command line")
struct ServeCommandLineTests {
    @Test("every option --help lists is read back with the default it shows")
    func everyOptionReadsItsDefault() async throws {
        let help = try ServerProcess(["serve", "--help"])
        #expect(await help.exitStatus() == 0)
        let shown = Self.defaults(inHelp: help.printed)
        // Every option but the four flags and the three unset until given: --public-url, --latency, --rate-limit.
        #expect(shown.count == 34, "\(shown.count) options with defaults in: \(help.printed)")
        // Each default given back as `--name=value`, then one value no run accepts, so the process stops
        // at validation, having read every option before it.
        let arguments = ["serve"] + shown.map { "--\($0.name)=\($0.value)" } + ["--max-in-flight", "0"]
        let process = try ServerProcess(arguments)
        #expect(await process.exitStatus() == 64)
        #expect(process.printed.contains("--max-in-flight must be at least 1."), "\(process.printed)")
    }

    @Test("without a subcommand, options alone serve; --name=value reads like --name value")
    func defaultCommandServes() async throws {
        let server = try ServerProcess(["--port=0", "--database", "memory"])
        let port = try #require(await server.listeningPort(), "no listening line in: \(server.printed)")
        let response = try HTTPClient(port: port).request("GET", "/health")
        #expect(response.status == 200)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test(
        "a command line serve cannot run exits 64 with a message that says why, and the usage line",
        arguments: [
            (["serve", "--bogus"], "Unknown option '--bogus'."),
            (["serve", "--port"], "Missing value for '--port <port>'."),
            (["serve", "--port", "--dev"], "Missing value for '--port <port>'."),
            (["serve", "8080"], "Unexpected argument '8080'"),
            (["serve", "--dev=yes"], "'--dev' is a flag and takes no value."),
            (["serve", "--port=http"], "The value 'http' is invalid for '--port <port>': expected a whole number."),
            (["serve", "--sqlite-locking", "none"], "expected exclusive or shared"),
            (["serve", "--idle-timeout", "0s"], "expected a positive duration such as 500ms"),
            (["--max-body-bytes", "12"], "--max-body-bytes must be at least 1024."),
            (["serve", "--latency", "9999999999999999s"], "invalid for '--latency <latency>'"),
            (["serve", "--idle-timeout", "1e16"], "invalid for '--idle-timeout <idle-timeout>'"),
            (["serve", "--", "--dev"], "Unexpected argument '--'"),
        ])
    func refused(arguments: [String], message: String) async throws {
        let process = try ServerProcess(arguments)
        #expect(await process.exitStatus() == 64)
        #expect(process.printed.hasPrefix("Error: "), "\(process.printed)")
        #expect(process.printed.contains(message), "\(process.printed)")
        #expect(process.printed.contains("Usage: counterpart serve [<options>]"), "\(process.printed)")
    }

    @Test("counterpart --help names serve, and help serve is serve --help")
    func rootHelpNamesServe() async throws {
        let root = try ServerProcess(["--help"])
        #expect(await root.exitStatus() == 0)
        let rootText = root.printed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            rootText.contains("serve (default) Serve the HTTP API; 'counterpart serve --help' lists its options."),
            "\(root.printed)")
        #expect(root.printed.contains("migrate"), "\(root.printed)")
        let help = try ServerProcess(["help", "serve", "--dev"])
        #expect(await help.exitStatus() == 0)
        #expect(help.printed.contains("USAGE: counterpart serve [<options>]"), "\(help.printed)")
        #expect(help.printed.contains("HTTP LIMITS:"), "\(help.printed)")
    }

    @Test("--version answers after serve and after its options too, as ArgumentParser's did")
    func versionAnywhere() async throws {
        for arguments in [["serve", "--version"], ["--dev", "--version"]] {
            let process = try ServerProcess(arguments)
            #expect(await process.exitStatus() == 0)
            #expect(process.printed == "0.1.0\n", "\(arguments): \(process.printed)")
        }
    }

    @Test("the other commands still parse through ArgumentParser")
    func otherCommands() async throws {
        let version = try ServerProcess(["--version"])
        #expect(await version.exitStatus() == 0)
        #expect(version.printed.contains("0.1.0"))
        let migrate = try ServerProcess(["migrate", "--database", "memory"])
        #expect(await migrate.exitStatus() == 64)
        #expect(migrate.printed.contains("--database memory has nothing to migrate"), "\(migrate.printed)")
    }

    /// The options in a `--help` text whose entry ends with its default, each with that default.
    private static func defaults(inHelp text: String) -> [(name: String, value: String)] {
        var entries: [(name: String, text: String)] = []
        for line in text.split(separator: "\n") {
            if let label = line.wholeMatch(of: #/  --([a-z-]+)(?: <[a-z-]+>)?(?: +(.*))?/#) {
                entries.append((String(label.1), String(label.2 ?? "")))
            } else if line.hasPrefix("    "), !entries.isEmpty {
                entries[entries.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                entries.append(("", ""))
            }
        }
        return entries.compactMap { entry in
            guard !entry.name.isEmpty, let shown = entry.text.firstMatch(of: #/\(default: ([^)]+)\)$/#) else {
                return nil
            }
            return (entry.name, String(shown.1))
        }
    }
}
