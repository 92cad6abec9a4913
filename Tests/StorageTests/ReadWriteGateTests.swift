import CounterpartTestSupport
@testable import Storage
import Synchronization
import Testing

@Suite("ReadWriteGate")
struct ReadWriteGateTests {
    /// Holds a task inside the gate until the test lets it go.
    final class Latch: Sendable {
        private let released = Atomic<Bool>(false)
        func release() { released.store(true, ordering: .releasing) }
        func wait() async {
            while !released.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(1)) }
        }
    }

    /// Waits until `condition` holds, yielding to the tasks under test: arrivals are ordered by what
    /// the gate shows, never by a pause, which a loaded machine can stretch past any length. The
    /// minute bounds a hang; the expectations after it then fail.
    func until(_ condition: () -> Bool) async {
        let giveUp = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < giveUp { try? await Task.sleep(for: .milliseconds(1)) }
    }

    @Test("readers pass together")
    func readersShare() async {
        let gate = ReadWriteGate()
        let trace = Trace()
        let latch = Latch()
        async let first: Void = gate.read {
            trace.mark("first in")
            await latch.wait()
        }
        await until { trace.contains("first in") }
        await gate.read { trace.mark("second in") }
        #expect(trace.all == ["first in", "second in"], "a second reader did not wait for the first")
        latch.release()
        await first
    }

    @Test("a writer waits for the readers inside, and readers that arrive meanwhile wait for the writer")
    func writerWaitsForReaders() async {
        let gate = ReadWriteGate()
        let trace = Trace()
        let latch = Latch()
        async let reader: Void = gate.read {
            trace.mark("reader in")
            await latch.wait()
            trace.mark("reader out")
        }
        await until { trace.contains("reader in") }
        async let writer: Void = gate.write { trace.mark("writer") }
        await until { gate.waiting.writers == 1 }
        async let late: Void = gate.read { trace.mark("late reader") }
        await until { gate.waiting.readers == 1 }
        #expect(trace.all == ["reader in"], "the writer or the late reader ran beside a reader")
        latch.release()
        _ = await (reader, writer, late)
        #expect(trace.all == ["reader in", "reader out", "writer", "late reader"])
    }

    @Test("writers go one at a time, in arrival order")
    func writersTakeTurns() async {
        let gate = ReadWriteGate()
        let trace = Trace()
        let latch = Latch()
        async let first: Void = gate.write {
            trace.mark("first in")
            await latch.wait()
            trace.mark("first out")
        }
        await until { trace.contains("first in") }
        async let second: Void = gate.write { trace.mark("second") }
        await until { gate.waiting.writers == 1 }
        async let reader: Void = gate.read { trace.mark("reader") }
        await until { gate.waiting.readers == 1 }
        #expect(trace.all == ["first in"])
        latch.release()
        _ = await (first, second, reader)
        #expect(trace.all == ["first in", "first out", "second", "reader"])
    }

    @Test("a throwing body leaves the gate open")
    func throwingBodyLeaves() async throws {
        struct Failure: Error {}
        let gate = ReadWriteGate()
        await #expect(throws: Failure.self) { try await gate.write { throw Failure() } }
        await #expect(throws: Failure.self) { try await gate.read { throw Failure() } }
        #expect(await gate.write { 1 } == 1, "a writer got in after both failures")
    }
}
