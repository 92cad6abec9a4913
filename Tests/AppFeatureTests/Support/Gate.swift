import Synchronization

/// Holds effects until the test opens it, and counts the waits that were cancelled instead.
///
/// Lets live tests keep a request in flight for exactly as long as they need, and observe from
/// outside that a disconnect, deadline or shutdown really cancelled the work.
final class Gate: Sendable {
    private let isOpen = Atomic<Bool>(false)
    private let waitingCount = Atomic<Int>(0)
    private let cancellationCount = Atomic<Int>(0)

    /// Waits until `open()`; throws `CancellationError` (and counts it) if cancelled first.
    func wait() async throws {
        waitingCount.add(1, ordering: .relaxed)
        defer { waitingCount.subtract(1, ordering: .relaxed) }
        do {
            while !isOpen.load(ordering: .relaxed) {
                try await Task.sleep(for: .milliseconds(2))
            }
        } catch {
            cancellationCount.add(1, ordering: .relaxed)
            throw error
        }
    }

    func open() { isOpen.store(true, ordering: .relaxed) }
    var waiting: Int { waitingCount.load(ordering: .relaxed) }
    var cancellations: Int { cancellationCount.load(ordering: .relaxed) }
}

/// Polls `condition` every few milliseconds for at most `limit`; returns whether it became true.
///
/// The limit bounds a hang, not how fast the server must be: it returns as soon as the condition
/// holds, and a machine running the whole suite on two cores can keep a test waiting for seconds.
func eventually(within limit: Duration = .seconds(120), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return condition()
}
