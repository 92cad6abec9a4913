import Foundation
import Synchronization

/// The built `counterpart` executable, run as a child process the way a user runs it.
final class ServerProcess: Sendable {
    let process: Process
    private let output = Output()

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

    /// Starts `counterpart` with `arguments` and `environment` added to this process's, its standard
    /// output and error read into `printed` by a thread of its own until the process closes them.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // A socket pair, made close-on-exec as it is made (Glibc's module has no `pipe2`): a pipe
        // made inheritable first, even for an instant, can leak its write end into a server another
        // test spawns meanwhile, and then its end would come only when that server's does.
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.standardOutput = writer
        process.standardError = writer
        do {
            try process.run()
        } catch {
            close(ends[0])
            throw error
        }
        // Only the child keeps a write end now, so the reader sees the end when the child exits.
        try? writer.close()
        let (reader, output) = (ends[0], output)
        Thread { output.read(reader) }.start()
    }

    /// Everything the process printed so far.
    var printed: String { output.text }

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
                // What the process printed is in the pipe by now and its end follows; bounded all
                // the same, should a child of the process still hold a write end.
                exited = true
                deadline = min(deadline, ContinuousClock.now.advanced(by: .seconds(30)))
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// What a child process printed, appended by the thread reading its pipe, and whether the pipe
/// reached its end (every writer closed it: the process exited).
///
/// Kept as bytes and decoded whole when read: a read ends wherever the pipe had data, which may be
/// inside a character (the `…` of `--help`), and decoding each read alone would replace its halves.
final class Output: Sendable {
    private let bytes = Mutex<[UInt8]>([])
    let ended = Atomic<Bool>(false)

    /// Everything appended so far, as text.
    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Adds what one read returned.
    func append(_ chunk: some Collection<UInt8>) {
        bytes.withLock { $0.append(contentsOf: chunk) }
    }

    /// Reads `descriptor` until its end, which it then closes; a read the kernel interrupted is
    /// made again, so only the end (or a failing pipe) stops it.
    func read(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                append(buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(descriptor)
        ended.store(true, ordering: .releasing)
    }
}
