import EventHTTP

extension Responder {
    /// Runs `operation` in a task that prefers the request's loop, then `continuation` with its
    /// result on the loop — unless the request was answered meanwhile. A disconnect or the deadline
    /// cancels the task and ends the request (`abandon`). How a stage awaits something (a delay, a
    /// shared store, a sandbox being created) without blocking its loop.
    func continueOnLoop<T: Sendable>(
        after operation: @escaping @Sendable () async throws -> T,
        then continuation: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        let exchange = self.exchange
        let loop = exchange.loop
        let task = Task(executorPreference: loop.taskExecutor) {
            let result: Result<T, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            if Task.isCancelled { return }
            loop.execute {
                guard !exchange.isAnswered else { return }
                continuation(result)
            }
        }
        exchange.awaitResponse { reason in
            task.cancel()
            return abandon(reason)
        }
    }
}
