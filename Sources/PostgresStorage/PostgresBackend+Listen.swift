#if PostgreSQL
import PostgresNIO
import Synchronization

extension PostgresBackend {
    /// The `application_name` of the connections `listen(on:…)` opens, so an operator (or a test)
    /// can tell them from the pool's in `pg_stat_activity`.
    public static let listenerName = "counterpart-listen"

    /// Hands every notification on `channel` to `received`, in the order PostgreSQL sends them
    /// (commit order), on a connection of its own, until `stop()`.
    ///
    /// A notification sent while no connection listens is lost, so `listening` runs each time the
    /// `LISTEN` has taken effect — at first and after every reconnection — for the caller to read
    /// what it may have missed; whatever commits after that is notified. A lost connection is
    /// logged once per loss and opened again a second later, for as long as the backend runs.
    public func listen(
        on channel: String,
        listening: @escaping @Sendable () async -> Void,
        received: @escaping @Sendable (_ payload: String) async -> Void
    ) {
        let task = Task { [self] in
            while !Task.isCancelled {
                do {
                    try await PostgresConnection.withStandalone(
                        on: group.next(),
                        configuration: try standaloneConfiguration(applicationName: Self.listenerName),
                        logger: logger
                    ) { connection in
                        try await connection.listen(on: channel) { notifications in
                            await listening()
                            for try await notification in notifications { await received(notification.payload) }
                        }
                    }
                } catch {
                    if !Task.isCancelled {
                        logger.warning(
                            "PostgreSQL LISTEN connection lost; listening again in 1 s",
                            metadata: ["channel": "\(channel)", "reason": "\(error)"])
                    }
                }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        companions.withLock { $0.append(task) }
    }
}
#endif
