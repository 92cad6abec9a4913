import CounterpartTestSupport
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

    @Test("an answer queued in a callback is written after every callback of that turn has run")
    func writesAtTheEndOfTheTurn() async throws {
        _ = LiveServer.bootstrapped
        let group = try LoopGroup(count: 1)
        let loop = group.loops[0]
        let trace = Trace()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let writer = RecordingWriter(trace: trace) { finished.resume() }
            loop.execute {
                trace.mark("answered")
                loop.writeAtEndOfTurn(writer)
                loop.execute { trace.mark("next callback of the turn") }
            }
        }
        loop.execute { loop.stop() }
        group.join()
        #expect(
            trace.all == ["answered", "next callback of the turn", "written"],
            "the answer was written inside its callback, before the turn's other callbacks ran")
    }
}
