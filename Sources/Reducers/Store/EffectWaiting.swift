import Dependencies

/// Waits for `tasks`, cancelling them if the waiting task is cancelled.
@usableFromInline
func waitForAll(_ tasks: [Task<Void, Never>]) async {
    await withTaskCancellationHandler {
        for task in tasks { await task.value }
    } onCancel: {
        for task in tasks { task.cancel() }
    }
}

/// Waits for `inner`, or for `duration` on the dependency clock, whichever ends first; on expiry
/// cancels `inner` and runs `onTimeout`.
@usableFromInline
func raceTimeout(_ duration: Duration, inner: [Task<Void, Never>], onTimeout: @Sendable () async -> Void) async {
    @Dependency(\.continuousClock) var dependencyClock
    let clock = dependencyClock
    let timedOut = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await waitForAll(inner)
            return false
        }
        group.addTask {
            do {
                try await clock.sleep(for: duration)
                return true
            } catch {
                return false
            }
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
    if timedOut {
        for task in inner { task.cancel() }
        await onTimeout()
    }
}
