@testable import EventHTTP
import Synchronization
import Testing

/// A loop's executors outlive the loop whenever a task keeps one: work queued on them afterwards
/// must be dropped, never sent to the freed event base.
@Suite("Loop inbox")
struct LoopInboxTests {
    @Test("work queued after its loop is freed is dropped, not queued for a base that no longer exists")
    func workAfterTheLoop() throws {
        var loop: EventLoop? = try EventLoop(index: 0)
        let executor = try #require(loop?.taskExecutor)
        loop = nil
        let ran = Atomic<Bool>(false)
        _ = Task(executorPreference: executor) { ran.store(true, ordering: .relaxed) }
        #expect(executor.inbox.take().isEmpty)
        let hasRun = ran.load(ordering: .relaxed)
        #expect(!hasRun)
    }

    @Test("work queued while the loop lives waits for it, in order")
    func workWhileTheLoopLives() throws {
        let loop = try EventLoop(index: 0)
        let order = Mutex<[Int]>([])
        for index in 0..<3 { loop.execute { order.withLock { $0.append(index) } } }
        for work in loop.serialExecutor.inbox.take() {
            if case .closure(let closure) = work { closure() }
        }
        #expect(order.withLock { $0 } == [0, 1, 2])
    }
}
