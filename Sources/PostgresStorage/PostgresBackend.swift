#if PostgreSQL
public import Logging
import NIOCore
import NIOPosix
import Synchronization
public import PostgresNIO
public import Storage

/// The PostgreSQL server of the scale-out profile, as every repository of a process shares it.
///
/// Exists to put the profile's rules in one place (architecture.md §4.3): one pooled
/// `PostgresClient` on an event loop thread of its own (NIO's shared group would size itself by
/// cores and compete with the HTTP loops); a server-side `statement_timeout` on every connection and
/// a client-side deadline on every operation, so a stopped server makes requests fail with 503
/// `unavailable` instead of waiting — but for a bulk transaction, which only its caller bounds;
/// and every engine error mapped into `RepositoryError`.
/// `start()` runs the pool; `stop()` closes its connections and its thread.
public final class PostgresBackend: Sendable {
    /// How the pool and each operation are bounded (`serve`'s `--postgres-…` options).
    public typealias Limits = PostgresLimits

    /// The address, password masked in its description.
    public let url: PostgresURL
    /// The pool. Queries go through `query` and `transaction`, which map errors and keep deadlines.
    public let client: PostgresClient
    let limits: Limits
    /// Where the backend and the stores on it report what they could not do.
    public let logger: Logger
    let group: MultiThreadedEventLoopGroup
    private let running = Mutex<Task<Void, Never>?>(nil)
    /// What runs beside the pool until `stop()` (`listen(on:…)`).
    let companions = Mutex<[Task<Void, Never>]>([])

    /// A pool for `url`; nothing connects until `start()` and a query asks for a connection.
    public init(url: PostgresURL, limits: Limits = .standard, logger: Logger) {
        self.url = url
        self.limits = limits
        self.logger = logger
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: Self.tls(url))
        configuration.options.maximumConnections = limits.connections
        if limits.keepsConnectionsOpen { configuration.options.minimumConnections = limits.connections }
        configuration.options.connectTimeout = limits.operationTimeout
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "\(limits.statementTimeout.milliseconds)ms"),
            ("application_name", "counterpart"),
            // The working set is a few MiB, in memory: random reads cost about what sequential ones
            // do, so index scans win where the default 4.0 would scan tables.
            ("random_page_cost", "1.1"),
        ]
        client = PostgresClient(configuration: configuration, eventLoopGroup: group, backgroundLogger: logger)
    }

    /// Starts the pool (PostgresNIO's `run()`, which leasing a connection needs); once only.
    public func start() {
        running.withLock { task in
            guard task == nil else { return }
            // Immediate: the pool is running before the first query asks it for a connection.
            task = Task.immediate { [client, group] in
                await client.run()
                try? await group.shutdownGracefully()
            }
        }
    }

    /// Closes every connection and stops the pool's thread; queries after it fail as `unavailable`.
    public func stop() async {
        let companions = self.companions.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        for companion in companions {
            companion.cancel()
            await companion.value
        }
        let task = running.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    /// Returns once the server accepts a connection; while it cannot be reached (refused, not
    /// resolvable, starting up), retries for `limits.startupWait`, saying once that it waits. What
    /// the server itself refuses — a wrong password, a missing database — fails at once: waiting
    /// would not change it. Probes with a connection of its own, outside the pool, which reports
    /// neither kind of failure until its circuit breaker trips.
    public func waitUntilReachable() async throws {
        let clock = ContinuousClock()
        let giveUp = clock.now + limits.startupWait
        var warned = false
        while true {
            do {
                return try await probe()
            } catch let refusal as PSQLError where refusal.code == .server && !Self.startingUp(refusal) {
                throw RepositoryError.mappingPostgres(refusal)
            } catch  where clock.now < giveUp {
                if !warned {
                    logger.warning(
                        "PostgreSQL is not accepting connections yet; waiting (--postgres-startup-wait)",
                        metadata: ["database": "\(url)", "for": "\(limits.startupWait)", "reason": "\(error)"])
                    warned = true
                }
                try await Task.sleep(for: .milliseconds(500))
            } catch {
                throw RepositoryError.unavailable(
                    "PostgreSQL at \(url.host):\(url.port) did not accept a connection within \(limits.startupWait) "
                        + "(--postgres-startup-wait): \(error)")
            }
        }
    }

    /// One connection opened and closed, its connecting bounded by the operation timeout.
    private func probe() async throws {
        try await PostgresConnection.withStandalone(
            on: group.next(), configuration: try standaloneConfiguration(), logger: logger
        ) { _ in }
    }

    /// A connection outside the pool, to the same server, its connecting bounded by the operation
    /// timeout; it tells `pg_stat_activity` it is `applicationName`.
    func standaloneConfiguration(applicationName: String = "counterpart") throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: try Self.connectionTLS(url))
        configuration.options.connectTimeout = .milliseconds(limits.operationTimeout.milliseconds)
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        return configuration
    }

    /// SQLSTATE 57P03: the server is up but still starting (or recovering); worth waiting for.
    private static func startingUp(_ error: PSQLError) -> Bool {
        error.serverInfo?[.sqlState] == "57P03"
    }

    /// Runs `body` with a connection, mapping errors and keeping the operation's deadline.
    public func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await bounded(timeout: limits.operationTimeout, body)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await bounded(timeout: limits.operationTimeout) { connection in
            try await connection.withTransaction(logger: self.logger) { try await body($0) }
        }
    }

    /// Runs `body` in one transaction that takes as long as its caller lets it: no statement
    /// timeout, no operation deadline. For work whose size the data decides — a migration and its
    /// seeding (`PostgresMigrator`), a reseed, which regenerates as many pins as the database
    /// holds, a million after `seed --dataset pins-1m` — which the per-operation limits, sized for
    /// one request's queries, would cut short every time. The
    /// caller bounds it: a request's deadline or its client leaving cancels the task and closes the
    /// connection; PostgreSQL rolls the transaction back once the statement under way ends (a batch
    /// of 10,000 pins at most) and finds the client gone.
    public func bulkTransaction<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await bounded(timeout: nil) { connection in
            try await connection.withTransaction(logger: self.logger) { connection in
                try await connection.query("SET LOCAL statement_timeout = 0", logger: self.logger)
                return try await body(connection)
            }
        }
    }

    /// `body` on a pooled connection within `timeout` (`nil`: until the caller is cancelled) —
    /// waiting for the connection included — its PostgreSQL errors as `RepositoryError`. An
    /// operation that overruns is answered at the deadline and its connection closed
    /// (`OperationDeadline`); a write that overruns may still have committed, which is why writes
    /// that matter carry an `Idempotency-Key`.
    private func bounded<Result: Sendable>(
        timeout: Duration?,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await OperationDeadline.run(
                timeout: timeout,
                expired: { timeout in
                    RepositoryError.unavailable(
                        "PostgreSQL did not answer within \(timeout) (--postgres-operation-timeout).")
                },
                lease: { [client] operation in try await client.withConnection(operation) },
                operation: body)
        } catch {
            throw RepositoryError.mappingPostgres(error)
        }
    }

    /// libpq's `sslmode` and `sslrootcert` as the TLS settings both the pool and a probe use.
    private static func tlsConfiguration(_ url: PostgresURL) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let roots = url.rootCertificates { configuration.trustRoots = .file(roots) }
        switch url.tls {
        case .prefer, .require:
            configuration.certificateVerification = url.rootCertificates == nil ? .none : .noHostnameVerification
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull, .disable:
            configuration.certificateVerification = .fullVerification
        }
        return configuration
    }

    /// The pool's TLS.
    private static func tls(_ url: PostgresURL) -> PostgresClient.Configuration.TLS {
        switch url.tls {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration(url))
        case .require, .verifyCA, .verifyFull: .require(tlsConfiguration(url))
        }
    }

    /// A single connection's TLS (its context is made here, so a bad `sslrootcert` fails here).
    private static func connectionTLS(_ url: PostgresURL) throws -> PostgresConnection.Configuration.TLS {
        switch url.tls {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: tlsConfiguration(url)))
        case .require, .verifyCA, .verifyFull: .require(try NIOSSLContext(configuration: tlsConfiguration(url)))
        }
    }
}

extension Duration {
    /// Whole milliseconds, for settings PostgreSQL takes as text.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
#endif
