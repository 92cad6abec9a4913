import IssueReporting

extension Effect {
    /// Async work that may send any number of actions and cannot fail: a feed read until it ends
    /// or is cancelled. It runs as given, with no frame around it to catch errors, so a task that
    /// lives as long as its stream holds less.
    ///
    /// ```swift
    /// return .run { send in
    ///     for await batch in feed { await send(.internal(.received(batch))) }
    /// }
    /// ```
    public static func run(operation: @escaping @Sendable (Send<Action>) async -> Void) -> Self {
        Self(.run(operation))
    }

    /// Async work that may send any number of actions.
    ///
    /// An error thrown by `operation` goes to `handler`; without one it is a reported issue naming
    /// the call site, since an effect that fails silently leaves its request unanswered (the store then
    /// answers 500). Cancellation is not an error and is never reported.
    ///
    /// ```swift
    /// return .run { send in
    ///     for try await event in events() { await send(.internal(.event(event))) }
    /// } catch: { error, send in
    ///     await send(.internal(.failed(error)))
    /// }
    /// ```
    public static func run(
        operation: @escaping @Sendable (Send<Action>) async throws -> Void,
        catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        Self(
            .run { send in
                do {
                    try await operation(send)
                } catch is CancellationError {
                    return
                } catch {
                    guard !Task.isCancelled else { return }
                    if let handler {
                        await handler(error, send)
                    } else {
                        reportIssue(
                            """
                            An effect returned from \(fileID):\(line) threw \(error) and has no `catch:` handler. \
                            Its request now ends as a 500. Handle the error with `.run(operation:catch:)`, or use \
                            `.task` so the failure arrives as a `TaskResult` the reducer maps to a domain error.
                            """,
                            fileID: fileID,
                            filePath: filePath,
                            line: line,
                            column: column
                        )
                    }
                }
            }
        )
    }
}
