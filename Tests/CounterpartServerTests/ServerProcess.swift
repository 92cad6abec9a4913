import Foundation
import Synchronization

/// The built `counterpart` executable, run as a child process the way a user runs it.
final class ServerProcess: Sendable {
    let process: Process
    private let output = Output()
    private let errorPipe = Pipe()

    /// `counterpart`, built beside this test executable: in the scratch path of whichever
    /// configuration `swift test` built (`.build`, or `.build-postgres` with the PostgreSQL trait).
    /// Where the process cannot name its own executable (no `/proc`), the default scratch path's.
    static var executable: URL {
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard running.path != "/proc/self/exe" else {
            return URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/counterpart")
        }
        return running.deletingLastPathComponent().appendingPathComponent("counterpart")
    }

    /// Starts `counterpart` with `arguments` and `environment` added to this process's.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = errorPipe
        process.standardOutput = errorPipe
        // Foundation makes the pipe inheritable: a server another test spawns meanwhile would hold
        // its write end open, and this process's output would end only when that server does.
        for handle in [errorPipe.fileHandleForReading, errorPipe.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        let output = self.output
        errorPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                output.ended.store(true, ordering: .releasing)
                handle.readabilityHandler = nil
                return
            }
            output.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Everything the process printed so far.
    var printed: String { output.text.withLock { $0 } }

    /// The port from the `listening` log line, waiting up to `limit` for it. The limit bounds a hang,
    /// nothing else: on two cores busy with the rest of the suite, a debug build has taken a minute
    /// to start and its pipe's reader as long to be scheduled.
    func listeningPort(within limit: Duration = .seconds(300)) async -> Int? {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while true {
            if let range = printed.range(of: #"port=(\d+)"#, options: .regularExpression) {
                return Int(printed[range].dropFirst("port=".count))
            }
            // Looked at once more after the deadline: when parallel tests keep the cooperative
            // threads busy, this loop can wake long after the line arrived.
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits up to `limit` for the process to exit and for everything it printed to be read;
    /// returns its status, or `nil` if it is still running.
    ///
    /// The pipe is read on a thread of its own, which can be behind when the process exits: a test
    /// that looked at `printed` right after the exit once found it empty.
    func exitStatus(within limit: Duration = .seconds(300)) async -> Int32? {
        var deadline = ContinuousClock.now.advanced(by: limit)
        var exited = false
        while process.isRunning || !output.ended.load(ordering: .acquiring), ContinuousClock.now < deadline {
            if !exited, !process.isRunning {
                // What the process printed is in the pipe by now; a child spawned before the pipe
                // was made uninheritable may still hold its write end, so the end may never come.
                exited = true
                deadline = min(deadline, ContinuousClock.now.advanced(by: .seconds(30)))
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
        errorPipe.fileHandleForReading.readabilityHandler = nil
    }
}

/// What a child process printed, appended from the pipe's reader thread, and whether the pipe
/// reached its end (every writer closed it: the process exited).
final class Output: Sendable {
    let text = Mutex<String>("")
    let ended = Atomic<Bool>(false)
}
