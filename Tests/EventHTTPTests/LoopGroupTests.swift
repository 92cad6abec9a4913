import Foundation
import Testing

@testable import EventHTTP

@Suite("Event-loop threads")
struct LoopGroupTests {
    @Test("each loop's thread is named after its loop, as top -H and perf show it")
    func threadNames() async throws {
        let group = try LoopGroup(count: 2)
        // Each loop names its thread before it runs a callback: one from each proves both are named.
        for loop in group.loops {
            await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in loop.execute { ran.resume() } }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
                .trimmingCharacters(in: .newlines)
        }
        for loop in group.loops {
            loop.execute { loop.stop() }
        }
        await group.joined()
        #expect(names.filter { $0 == "event-loop-0" }.count >= 1, "\(names)")
        #expect(names.contains("event-loop-1"), "\(names)")
    }
}
