#if PostgreSQL
import NIOCore
import PostgresNIO
import Synchronization

/// One PostgreSQL operation raced against its deadline, answered at the deadline whatever the
/// server does.
///
/// A task group cannot do this: it waits for every child, and a query whose server has stalled
/// ignores cancellation until its connection fails. So the operation runs as a task of its own; the
/// caller gets whichever comes first, its result or the deadline. At the deadline the operation is
/// cancelled and the connection it holds is closed — that ends the stalled query, and the pool
/// replaces the connection instead of lending it again. A caller that is cancelled itself (a client
/// gone) cancels the operation the same way, without waiting for it — also when there is no
/// deadline (a bulk transaction), where that is the only way it is cut short.
final class OperationDeadline<Result: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result, any Error>?
        var operation: Task<Void, Never>?
        var timer: Task<Void, Never>?
        /// The connection the operation holds, to be closed if it overruns.
        var connection: PostgresConnection?
        var finished = false
    }

    private let state = Mutex(State())

    /// Runs `operation` with a connection `lease` provides, answering `expired(timeout)` after
    /// `timeout` (`nil`: no deadline; only the caller's cancellation cuts it short).
    static func run(
        timeout: Duration?,
        expired: @escaping @Sendable (Duration) -> any Error,
        lease:
            @escaping @Sendable (@escaping @Sendable (PostgresConnection) async throws -> Result) async throws
            -> Result,
        operation: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let deadline = OperationDeadline()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                deadline.begin(continuation, timeout: timeout, expired: expired) {
                    try await lease { connection in
                        deadline.holds(connection)
                        defer { deadline.holds(nil) }
                        return try await operation(connection)
                    }
                }
            }
        } onCancel: {
            deadline.finish(.failure(CancellationError()))
        }
    }

    private func begin(
        _ continuation: CheckedContinuation<Result, any Error>, timeout: Duration?,
        expired: @escaping @Sendable (Duration) -> any Error, work: @escaping @Sendable () async throws -> Result
    ) {
        let cancelledAlready = state.withLock { state in
            if state.finished { return true }
            state.continuation = continuation
            return false
        }
        if cancelledAlready { return continuation.resume(throwing: CancellationError()) }
        let operation = Task {
            do { self.finish(.success(try await work())) } catch { self.finish(.failure(error)) }
        }
        let timer = timeout.map { timeout in
            Task {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                self.finish(.failure(expired(timeout)))
            }
        }
        let finishedMeanwhile = state.withLock { state in
            state.operation = operation
            state.timer = timer
            return state.finished
        }
        if finishedMeanwhile { stop(operation: operation, timer: timer) }
    }

    /// Notes the connection the operation holds — or closes it at once if the caller was already
    /// answered (a lease granted after the deadline). Under the lock `finish` takes, so a
    /// connection is closed before it can go back to the pool, never after another lease has it.
    private func holds(_ connection: PostgresConnection?) {
        state.withLock { state in
            if state.finished, let connection {
                Self.close(connection)
                return
            }
            state.connection = connection
        }
    }

    /// Answers the caller once: the first of result, deadline and cancellation wins; the others
    /// stop what is left. An operation cut short loses its connection, closed under the lock.
    private func finish(_ outcome: Swift.Result<Result, any Error>) {
        let (continuation, operation, timer) = state.withLock { state in
            let continuation = state.continuation
            if case .failure = outcome, !state.finished, let connection = state.connection {
                Self.close(connection)
            }
            state.finished = true
            state.continuation = nil
            return (continuation, state.operation, state.timer)
        }
        guard let continuation else { return }
        continuation.resume(with: outcome)
        stop(operation: operation, timer: timer)
    }

    private func stop(operation: Task<Void, Never>?, timer: Task<Void, Never>?) {
        timer?.cancel()
        operation?.cancel()
    }

    /// Closes `connection` without waiting: the statement on it fails, and the pool replaces it.
    private static func close(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in }
    }
}
#endif
