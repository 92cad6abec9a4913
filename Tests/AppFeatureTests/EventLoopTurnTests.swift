import CounterpartTestSupport
import Dispatch
@testable import EventHTTP
import Testing

@Suite("Event loop turns")
struct EventLoopTurnTests {
    /// Marks the trace when the loop asks it to write.
    final class RecordingWriter: EndOfTurnWriter, Sendable {
        let trace: Trace
        let written: @Sendable () -> Void

        init(trace: Trace, written: @escaping @Sendable () -> Void) {
            self.trace = trace
            self.written = written
        }

        func writeQueued() {
            trace.mark("written")
            written()
        }
    }

    @Test("an answer queued in a callback is written after the other callbacks of its batch have run")
    func writesAfterTheBatch() async throws {
        _ = LiveServer.bootstrapped
        let group = try LoopGroup(count: 1)
        let loop = group.loops[0]
        let trace = Trace()
        let loopIsHeld = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // The loop is held inside one callback while the next two are queued, so they run as one batch.
        loop.execute {
            loopIsHeld.signal()
            release.wait()
        }
        loopIsHeld.wait()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let writer = RecordingWriter(trace: trace) { finished.resume() }
            loop.execute {
                trace.mark("answered")
                loop.writeAtEndOfTurn(writer)
            }
            loop.execute { trace.mark("next callback") }
            release.signal()
        }
        loop.execute { loop.stop() }
        group.join()
        #expect(
            trace.all == ["answered", "next callback", "written"],
            "the answer was written inside its callback, before the other callbacks of its batch ran")
    }
}
