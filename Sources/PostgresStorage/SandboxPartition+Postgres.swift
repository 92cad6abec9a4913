#if PostgreSQL
public import PostgresNIO
public import Storage

extension SandboxPartition {
    /// Throws `RepositoryError.conflict` (409) unless the sandbox is still recorded in this
    /// generation, and keeps it recorded until the transaction ends (`FOR SHARE`: a drop waits for
    /// the write, then removes its rows too). Call it first inside a write's transaction.
    public func checkLive(_ connection: PostgresConnection) async throws {
        guard let generation else { return }
        let rows = try await connection.query(
            "SELECT 1 FROM sandboxes WHERE name = \(key) AND generation = \(generation) FOR SHARE",
            logger: connection.logger)
        for try await _ in rows { return }
        throw RepositoryError.conflict(
            "Sandbox \(key) was dropped while this request ran; its next request creates it again, seeded.")
    }
}
#endif
