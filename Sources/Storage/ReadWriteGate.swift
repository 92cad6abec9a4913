import Synchronization

/// Lets any number of async readers through at once, or one writer alone — so a reset that replaces
/// data several readers use never runs while one of them is half-way through it.
///
/// A reader that finds the gate open passes with one uncontended lock and no suspension (the hot
/// path). A writer waits for the readers inside to leave; readers that arrive while a writer waits
/// or writes queue behind it, so a steady stream of reads cannot starve a reset. Writers go one at
/// a time, in arrival order, which also makes the gate a mutex for writers alone. Waiting is not
/// cancellable: it lasts at most as long as the work inside, which the caller keeps bounded.
public final class ReadWriteGate: Sendable {
    private struct State {
        var readers = 0
        var writing = false
        var waitingWriters: [CheckedContinuation<Void, Never>] = []
        var waitingReaders: [CheckedContinuation<Void, Never>] = []

        var admitsReaders: Bool { !writing && waitingWriters.isEmpty }
    }

    private let state = Mutex(State())

    /// An open gate.
    public init() {}

    /// How many readers and writers are queued: what a test waits for to know who arrived first.
    var waiting: (readers: Int, writers: Int) {
        state.withLock { ($0.waitingReaders.count, $0.waitingWriters.count) }
    }

    /// Runs `body` beside other readers, never beside a writer.
    public func read<T>(_ body: () async throws -> T) async rethrows -> T {
        await enterReading()
        defer { leaveReading() }
        return try await body()
    }

    /// Runs `body` alone: after the readers inside have left, before any reader or writer that
    /// arrives meanwhile.
    public func write<T>(_ body: () async throws -> T) async rethrows -> T {
        await enterWriting()
        defer { leaveWriting() }
        return try await body()
    }

    private func enterReading() async {
        let passed = state.withLock { state in
            guard state.admitsReaders else { return false }
            state.readers += 1
            return true
        }
        if passed { return }
        await withCheckedContinuation { continuation in
            let admitted = state.withLock { state in
                guard state.admitsReaders else {
                    state.waitingReaders.append(continuation)
                    return false
                }
                state.readers += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    private func leaveReading() {
        let writer = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.readers -= 1
            guard state.readers == 0, !state.waitingWriters.isEmpty else { return nil }
            state.writing = true
            return state.waitingWriters.removeFirst()
        }
        writer?.resume()
    }

    private func enterWriting() async {
        await withCheckedContinuation { continuation in
            let admitted = state.withLock { state in
                guard !state.writing, state.readers == 0, state.waitingWriters.isEmpty else {
                    state.waitingWriters.append(continuation)
                    return false
                }
                state.writing = true
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Hands the gate to the next writer, or else lets every waiting reader in.
    private func leaveWriting() {
        let (writer, readers) = state.withLock {
            state -> (CheckedContinuation<Void, Never>?, [CheckedContinuation<Void, Never>]) in
            if !state.waitingWriters.isEmpty { return (state.waitingWriters.removeFirst(), []) }
            state.writing = false
            let readers = state.waitingReaders
            state.waitingReaders = []
            state.readers += readers.count
            return (nil, readers)
        }
        writer?.resume()
        for reader in readers { reader.resume() }
    }
}
