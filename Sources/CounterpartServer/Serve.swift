import AppFeature
import Dependencies
import EventHTTP
import HTTPKit
import IssueReporting
import Logging
import Metrics
import NewsletterFeature
import ServiceLifecycle
import Storage
import TodosFeature
import UnixSignals

/// `counterpart serve`: runs the HTTP server until SIGTERM or SIGINT, then drains and exits 0.
///
/// Its options are plain values grouped by concern, each group declaring its part of the option
/// table (`sections`) that ``ServeArguments`` reads and ``ServeHelp`` renders.
struct Serve {
    var server = ServerOptions()
    var storage = StorageOptions()
    var limits = HTTPLimitOptions()
    var demo = DemoOptions()
    var domains = DomainOptions()
    var streams = StreamOptions()
    var postgres = PostgresOptions()

    /// What `--help` says before the options.
    static let discussion = "Every limit below is enforced explicitly; the defaults are api.md's limits table."

    /// Every option, by concern, in the order `--help` lists them.
    static var sections: [OptionSection] {
        [
            ServerOptions.section, StorageOptions.section, HTTPLimitOptions.section, DemoOptions.section,
            DomainOptions.section, StreamOptions.section, PostgresOptions.section,
        ]
    }

    /// Checks what no single value can: ranges, and the values that must agree with one another.
    func validate() throws(UsageError) {
        try server.validate()
        try storage.validate()
        try limits.validate()
        try demo.validate()
        try domains.validate()
        try streams.validate()
        try postgres.validate()
    }

    /// Opens the database, starts the HTTP server and its upkeep, and runs until SIGTERM or SIGINT
    /// has drained them.
    func run() async throws {
        HTTPServer.bootstrapProcess()
        SQLiteProcessSettings.apply()
        let level = Logger.Level(rawValue: server.logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "counterpart")
        IssueReporters.current = [LoggingIssueReporter(logger: logger)]
        let metrics = AppMetrics()
        MetricsSystem.bootstrap(metrics.factory)
        let appDomains = App.domains(todoEvents: streams.todoEvents)
        let database: AppDatabase
        do {
            database = try await AppDatabase.open(
                storage.database.location, readers: server.loops, sqliteLocking: storage.sqliteLocking,
                seed: storage.seed, domains: appDomains, metrics: metrics,
                postgres: .ofThisBuild(limits: postgres.limits, todoEvents: streams.todoEvents, logger: logger))
        } catch {
            logger.critical(
                "cannot open the database",
                metadata: ["database": "\(storage.database)", "reason": "\(error)"])
            throw LoggedFailure()
        }
        if database.seed != storage.seed {
            logger.notice(
                """
                this database was filled from seed \(database.seed) and keeps it; --seed \(storage.seed) applies to a \
                new database, or at run time to POST /__admin/reset {"seed":\(storage.seed)} (--dev)
                """,
                metadata: ["database": "\(storage.database)"])
        }
        let cache = ResponseCache(capacity: storage.responseCacheBytes)
        let rateLimiter = RateLimiter.standard(overrides: try domains.rateLimitOverrides(), store: database.rateWindows)
        try prepareDependencies {
            try database.install(into: &$0, cache: cache, resettable: demo.dev)
            $0.outbox = Outbox(keepsMail: demo.dev, shared: database.sharedOutbox)
            $0.demoReset = DemoReset(
                idempotency: database.idempotencyKeys, rateLimiter: rateLimiter, datasets: database.datasets,
                datasetCounts: database.datasetCounts)
            $0.demoControls = DemoControls(
                flags: DemoControls.Flags(latency: demo.latency?.milliseconds, faultRate: demo.faultRate),
                seed: database.seed,
                scenarios: database.failScenarioCounts, journal: database.journal)
            $0.newsletterPolicy = NewsletterPolicy(
                tokenLifetime: domains.tokenTTL.duration.components.seconds, addressLimiter: rateLimiter)
        }
        let handler = App.handler(
            settings: AppSettings(
                publicURL: server.publicURL, defaultHost: "\(server.host):\(server.port)", webURL: server.webURL,
                trustProxy: server.trustProxy, dev: demo.dev, sandboxLimits: storage.sandboxLimits,
                streamLimits: streams.limits),
            accessLog: server.accessLog ? Logger(label: "counterpart.access") : nil,
            domains: appDomains
        )
        let httpServer = HTTPServer(configuration: serverConfiguration, handler: handler, logger: logger)
        metrics.observe(server: { httpServer.statistics() }, cache: cache)
        // Named for the group's log lines. Unnamed, the group describes each service by reflecting
        // over its stored properties: slow at start-up ("Periodic(interval: 60.0 seconds, work:
        // (Function))" cost a tenth of the instructions before the first answer), and no help to a reader.
        let upkeep = upkeep(sandboxes: handler.sandboxes, database: database, logger: logger)
        var groupConfiguration = ServiceGroupConfiguration(
            services: [ServiceGroupConfiguration.ServiceConfiguration(service: httpServer, serviceName: "http")]
                + upkeep.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0, serviceName: $0.name) },
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        groupConfiguration.maximumGracefulShutdownDuration = server.shutdownTimeout.duration + .seconds(5)
        do {
            try await ServiceGroup(configuration: groupConfiguration).run()
        } catch {
            await close(database, logger: logger)
            throw error
        }
        guard await close(database, logger: logger) else { throw LoggedFailure() }
    }

    /// Closes `database` once the server has stopped, logging what that met; whether it closed.
    @discardableResult
    private func close(_ database: AppDatabase, logger: Logger) async -> Bool {
        do {
            try await database.close()
            return true
        } catch {
            logger.error(
                "cannot close the database; what it holds is safe in its write-ahead log",
                metadata: ["database": "\(storage.database)", "reason": "\(error)"])
            return false
        }
    }

    /// The HTTP layer's configuration: where it listens and every limit it enforces.
    private var serverConfiguration: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = server.host
        configuration.port = server.port
        configuration.loops = server.loops
        configuration.backlog = server.backlog
        configuration.shutdownTimeout = server.shutdownTimeout.duration
        configuration.maxHeaderBytes = limits.maxHeaderBytes
        configuration.maxBodyBytes = limits.maxBodyBytes
        configuration.idleTimeout = limits.idleTimeout.duration
        configuration.requestTimeout = limits.requestTimeout.duration
        configuration.headerTimeout = limits.headerTimeout.duration
        configuration.maxConnections = limits.maxConnections
        configuration.maxConnectionsPerClient = limits.maxConnectionsPerClient
        configuration.maxUnreadBytes = limits.maxUnreadBytes
        configuration.lingerTimeout = limits.lingerTimeout.duration
        configuration.maxInFlight = limits.maxInFlight
        configuration.streamHeartbeat = streams.heartbeat
        return configuration
    }
}
