/// The outcome of one async-throwing call, delivered to a reducer as an action's payload.
///
/// From the seeds' `Result` → `TaskResult` migration: repositories are `async throws`, and
/// `.task(Action.received) { try await repository.load() }` turns the call into a
/// `TaskResult<Success>` the reducer switches over, mapping failures to domain errors.
public typealias TaskResult<Success> = Result<Success, any Error>

/// The outcome of an async-throwing call that returns nothing.
public typealias VoidTaskResult = TaskResult<Void>

extension Result where Failure == any Error {
    /// Runs `body` and captures its value or error.
    @inlinable
    public init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
