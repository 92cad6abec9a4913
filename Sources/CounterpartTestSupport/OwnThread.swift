import Foundation

/// Runs `work` on a thread of its own and returns its result, without holding a cooperative thread
/// while it runs.
///
/// For a test's long synchronous computation — a million generated pins, a brute-force scan. Swift
/// Testing runs the suite's tests on the cooperative pool, one thread per core: a computation of
/// seconds that never suspends holds one of two, and two at once stop every other test's timers
/// (RELIABILITY.md, "the cooperative pool in the test suite"). On its own thread the work shares the
/// cores with the rest of the suite as any thread does, and tests that wait keep waking on time.
/// Keep expectations out of `work`: they belong to the test's task, where Swift Testing finds them.
public func onOwnThread<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result(catching: work)) }.start()
    }
    return try result.get()
}
