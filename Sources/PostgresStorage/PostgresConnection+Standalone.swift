#if PostgreSQL
public import Logging
public import NIOCore
public import PostgresNIO

extension PostgresConnection {
    /// Runs `body` on a connection of its own, outside any pool, and closes the connection whatever
    /// `body` does.
    ///
    /// A connection dropped without `close()` keeps its server session until the socket dies — and
    /// in a debug build PostgresNIO asserts on it, taking the whole process down instead of letting
    /// `body`'s error through. Start-up's reachability probe and the tests' database creation both
    /// open one this way.
    public static func withStandalone<Value: Sendable>(
        on loop: any EventLoop = PostgresConnection.defaultEventLoopGroup.any(),
        configuration: Configuration,
        logger: Logger,
        _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let connection = try await connect(on: loop, configuration: configuration, id: 0, logger: logger)
        let result: Value
        do {
            result = try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        return result
    }
}
#endif
