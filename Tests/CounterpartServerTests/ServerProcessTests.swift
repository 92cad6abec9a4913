import Foundation
import Testing

@Suite("What a child process printed, as the tests read it")
struct ServerProcessOutputTests {
    @Test("a character split between two reads of the pipe is kept whole")
    func splitCharacter() {
        let output = Output()
        let ellipsis = Array("POSTGRES://…):".utf8)
        // The pipe hands over whatever it holds: here the first two of the `…`'s three bytes.
        let cut = ellipsis.count - 3
        output.append(ellipsis[..<cut])
        output.append(ellipsis[cut...])
        #expect(output.text == "POSTGRES://…):")
    }

    @Test("everything a process printed is read, and its end seen, once it exits")
    func wholeOutput() async throws {
        let help = try ServerProcess(["serve", "--help"])
        #expect(await help.exitStatus() == 0)
        let printed = try helpText()
        #expect(help.printed == printed)
    }

    /// `serve --help` as the shell would capture it: written by the process straight to a file.
    private func helpText() throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("help-\(UUID().uuidString).txt")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let process = Process()
        process.executableURL = ServerProcess.executable
        process.arguments = ["serve", "--help"]
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return try String(contentsOf: file, encoding: .utf8)
    }
}
