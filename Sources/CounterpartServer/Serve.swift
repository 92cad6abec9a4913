import AppFeature
import ArgumentParser
import Dependencies
import EventHTTP
import HTTPKit
import IssueReporting
import Logging
import Metrics
import NewsletterFeature
import ServiceLifecycle
import Storage
import UnixSignals

/// `counterpart serve`: runs the HTTP server until SIGTERM or SIGINT, then drains and exits 0.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the HTTP API.",
        discussion: "Every limit below is enforced explicitly; the defaults are api.md's limits table."
    )

    @Option(help: "Address to bind (the Docker image passes 0.0.0.0).")
    var host = Environment.string("COUNTERPART_HOST") ?? "127.0.0.1"

    @Option(help: "TCP port (env PORT).")
    var port = Environment.integer("PORT") ?? 8080

    @Option(help: "Event-loop threads (default: CPUs this process may use).")
    var loops = LoopGroup.availableCPUCount()

    @Option(help: "Database: 'memory', a SQLite file path, or postgres://… (env DATABASE_URL).")
    var database = DatabaseArgument.fromEnvironment

    @Option(
        help: """
            Seed of the generated data (repositories, pins) a new database is filled with; the same seed gives \
            the same data on every machine. A database keeps the data it was first filled with.
            """)
    var seed: UInt64 = 1

    @Option(
        help: """
            SQLite files only: exclusive keeps the file to this process while it runs, so reads take no lock \
            through the kernel (sqlite3 and other processes get "database is locked" until it stops); shared \
            lets other processes open it alongside, every read paying for two fcntl calls.
            """)
    var sqliteLocking = SQLiteLocking.exclusive

    @Option(help: "Base of every absolute URL the server writes (default: http:// + the request's Host).")
    var publicURL: String?

    @Option(help: "Base of the web links (html_url) GitHub-style answers carry.")
    var webURL = RouteContext.defaultWebURL

    @Option(help: "Largest request line plus headers, in bytes (431 beyond).")
    var maxHeaderBytes = 16 * 1024

    @Option(
        help:
            "Hard ceiling on a request body, in bytes, 413 before it is read (routes allow 64 KiB unless they declare more)."
    )
    var maxBodyBytes = 1024 * 1024

    @Option(help: "Close connections idle (or stalled reading or writing) this long.")
    var idleTimeout = DurationArgument(.seconds(30))

    @Option(
        help:
            "Answer 408 and close when a request's line and headers take longer than this to arrive, however slowly they trickle."
    )
    var headerTimeout = DurationArgument(.seconds(10))

    @Option(help: "Answer 503 and cancel a request's work after this long; 408 when its body takes longer to arrive.")
    var requestTimeout = DurationArgument(.seconds(10))

    @Option(help: "Connections open at once, across all loops, before new ones are answered 503.")
    var maxConnections = 2048

    @Option(help: "Connections one client address may hold open before its new ones are answered 503.")
    var maxConnectionsPerClient = 256

    @Option(help: "Answers a client has not read yet, in bytes, before its connection stops reading its requests.")
    var maxUnreadBytes = 256 * 1024

    @Option(help: "After answering a refused request, how long its client may still read before the connection closes.")
    var lingerTimeout = DurationArgument(.seconds(2))

    @Option(
        help:
            "Requests in flight per event loop before answering 503 with Retry-After (/health, /healthz and /metrics exempt)."
    )
    var maxInFlight = 1024

    @Option(help: "Listen backlog per loop (capped by the kernel's somaxconn).")
    var backlog = 1024

    @Option(help: "On SIGTERM or SIGINT, wait this long for in-flight requests before cancelling them.")
    var shutdownTimeout = DurationArgument(.seconds(10))

    @Option(help: "Sandboxes (/sandboxes/{name}/…) live at once besides default; one more is answered 503.")
    var maxSandboxes = SandboxLimits().maximum

    @Option(help: "Drop a sandbox, with its data, after this long without a request.")
    var sandboxIdle = DurationArgument(.seconds(SandboxLimits().idleSeconds))

    @Option(help: "PostgreSQL only: connections this instance's pool opens at most.")
    var postgresConnections = PostgresLimits.standard.connections

    @Option(help: "PostgreSQL only: longest a statement may run on the server (its statement_timeout).")
    var postgresStatementTimeout = DurationArgument(PostgresLimits.standard.statementTimeout)

    @Option(
        help: "PostgreSQL only: longest one database call may take, waiting for a connection included; then 503.")
    var postgresOperationTimeout = DurationArgument(PostgresLimits.standard.operationTimeout)

    @Option(help: "PostgreSQL only: how long start-up waits for a server that does not accept connections yet.")
    var postgresStartupWait = DurationArgument(PostgresLimits.standard.startupWait)

    @Option(help: "Bytes of finished GET responses kept until their data changes (0 turns the cache off).")
    var responseCacheBytes = 8 * 1024 * 1024

    @Option(
        help: """
            Enforce a rate limit, e.g. search=10/min (GitHub's unauthenticated allowance); repeatable. Defaults: \
            newsletter=30/min per client address, newsletter-address=10/hour per email address; search is \
            counted, not enforced.
            """)
    var rateLimit: [String] = []

    @Flag(
        help: """
            Behind a reverse proxy: take the client address (rate limits) from the last X-Forwarded-For entry \
            and the base URL from X-Forwarded-Proto and X-Forwarded-Host. Never set it when clients can reach \
            the server directly.
            """)
    var trustProxy = false

    @Flag(
        help: """
            Demo mode: honour Prefer and the __* controls, journal requests, keep sent mail in the outbox and \
            serve /__admin with its console (api.md §6.1–§6.2). Scripts/serve and the Docker image turn it on; \
            without it every control is ignored and /__admin is 404.
            """)
    var dev = false

    @Option(
        help: """
            With --dev: delay every domain request by a seeded draw from this range (200..800ms, or 300ms); \
            a request's Prefer: delay wins. Changeable at run time on /__admin.
            """)
    var latency: LatencyArgument?

    @Option(
        help: """
            With --dev: answer this share (0–1) of domain requests 503 injected, seeded by --seed so the same \
            request sequence fails at the same places. Changeable at run time on /__admin.
            """)
    var faultRate: Double = 0

    @Option(
        name: .customLong("token-ttl"), help: "How long a newsletter confirmation link stays valid (48h, 30m, 90s…).")
    var tokenTTL = DurationArgument(.seconds(NewsletterPolicy.defaultTokenLifetime))

    @Flag(help: "Log one line per request (request id, method, path, status, duration).")
    var accessLog = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is outside 0…65535.") }
        guard loops >= 1 else { throw ValidationError("--loops must be at least 1.") }
        guard responseCacheBytes >= 0 else { throw ValidationError("--response-cache-bytes cannot be negative.") }
        guard maxSandboxes >= 0 else { throw ValidationError("--max-sandboxes cannot be negative.") }
        guard sandboxIdle.duration >= .seconds(1) else { throw ValidationError("--sandbox-idle must be at least 1s.") }
        guard maxInFlight >= 1 else { throw ValidationError("--max-in-flight must be at least 1.") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
        guard maxConnectionsPerClient >= 1 else {
            throw ValidationError("--max-connections-per-client must be at least 1.")
        }
        guard headerTimeout.duration > .zero else { throw ValidationError("--header-timeout must be positive.") }
        guard maxHeaderBytes >= 1024 else { throw ValidationError("--max-header-bytes must be at least 1024.") }
        guard maxBodyBytes >= 1024 else { throw ValidationError("--max-body-bytes must be at least 1024.") }
        guard maxUnreadBytes >= 1024 else { throw ValidationError("--max-unread-bytes must be at least 1024.") }
        guard (0...1).contains(faultRate) else { throw ValidationError("--fault-rate \(faultRate) is outside 0…1.") }
        guard tokenTTL.duration >= .seconds(1) else { throw ValidationError("--token-ttl must be at least 1s.") }
        guard webURL.hasPrefix("http://") || webURL.hasPrefix("https://") else {
            throw ValidationError("--web-url \(webURL) must start with http:// or https://.")
        }
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
            throw ValidationError("--public-url \(publicURL) must start with http:// or https://.")
        }
        _ = try rateLimitOverrides()
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "--log-level \(logLevel) is not one of trace, debug, info, notice, warning, error, critical.")
        }
        if case .postgres(let url) = database.location {
            do {
                _ = try PostgresURL(url)
            } catch {
                throw ValidationError("\(error)")
            }
            guard PostgresSupport.isInThisBuild else {
                throw ValidationError("\(PostgresSupport.missing(for: url))")
            }
        }
        guard postgresConnections >= 1 else { throw ValidationError("--postgres-connections must be at least 1.") }
    }

    func run() async throws {
        HTTPServer.bootstrapProcess()
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "counterpart")
        IssueReporters.current = [LoggingIssueReporter(logger: logger)]
        let database: AppDatabase
        do {
            database = try await AppDatabase.open(
                self.database.location, readers: loops, sqliteLocking: sqliteLocking, seed: seed,
                postgres: .ofThisBuild(
                    limits: PostgresLimits(
                        connections: postgresConnections, statementTimeout: postgresStatementTimeout.duration,
                        operationTimeout: postgresOperationTimeout.duration, startupWait: postgresStartupWait.duration),
                    logger: logger))
        } catch {
            logger.critical(
                "cannot open the database",
                metadata: ["database": "\(self.database)", "reason": "\(error)"])
            throw ExitCode.failure
        }
        if database.seed != seed {
            logger.notice(
                """
                this database was filled from seed \(database.seed) and keeps it; --seed \(seed) applies to a new \
                database, or at run time to POST /__admin/reset {"seed":\(seed)} (--dev)
                """,
                metadata: ["database": "\(self.database)"])
        }
        let cache = ResponseCache(capacity: responseCacheBytes)
        let metrics = AppMetrics()
        MetricsSystem.bootstrap(metrics.factory)
        let rateLimiter = RateLimiter.standard(overrides: try rateLimitOverrides(), store: database.rateWindows)
        prepareDependencies {
            database.install(into: &$0, cache: cache, metrics: metrics, resettable: dev)
            $0.outbox = Outbox(keepsMail: dev, shared: database.sharedOutbox)
            $0.demoReset = DemoReset(
                idempotency: database.idempotencyKeys, rateLimiter: rateLimiter, datasets: database.datasets,
                repositoryCount: database.repositoryCount, pinCount: database.pinCount)
            $0.demoControls = DemoControls(
                flags: DemoControls.Flags(latency: latency?.milliseconds, faultRate: faultRate), seed: database.seed,
                scenarios: database.failScenarioCounts, journal: database.journal)
            $0.newsletterPolicy = NewsletterPolicy(
                tokenLifetime: tokenTTL.duration.components.seconds, addressLimiter: rateLimiter)
        }
        let handler = App.handler(
            settings: AppSettings(
                publicURL: publicURL, defaultHost: "\(host):\(port)", webURL: webURL, trustProxy: trustProxy,
                dev: dev,
                sandboxLimits: SandboxLimits(
                    maximum: maxSandboxes, idleSeconds: sandboxIdle.duration.components.seconds)),
            accessLog: accessLog ? Logger(label: "counterpart.access") : nil
        )
        let server = HTTPServer(configuration: serverConfiguration, handler: handler, logger: logger)
        metrics.observe(server: { server.statistics() }, cache: cache)
        var groupConfiguration = ServiceGroupConfiguration(
            services: [server] + upkeep(sandboxes: handler.sandboxes, database: database, logger: logger),
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        groupConfiguration.maximumGracefulShutdownDuration = shutdownTimeout.duration + .seconds(5)
        do {
            try await ServiceGroup(configuration: groupConfiguration).run()
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }

    /// `--rate-limit resource=N/min` (or `N/hour`) values as enforced limits.
    private func rateLimitOverrides() throws -> [String: RateLimiter.Limit] {
        var limits: [String: RateLimiter.Limit] = [:]
        let resources = RateLimiter.defaults.keys.sorted()
        for value in rateLimit {
            let parts = value.split(separator: "=", maxSplits: 1)
            let rate = parts.count == 2 ? parts[1].split(separator: "/", maxSplits: 1) : []
            guard parts.count == 2, resources.contains(String(parts[0])), rate.count == 2,
                let count = Int(rate[0]), count >= 0, let seconds = ["min": 60, "hour": 3600][String(rate[1])]
            else {
                throw ValidationError(
                    "--rate-limit \(value) must look like search=10/min or newsletter-address=10/hour "
                        + "(resource one of \(resources.joined(separator: ", ")); a count per min or per hour).")
            }
            limits[String(parts[0])] = RateLimiter.Limit(requests: count, enforced: true, windowSeconds: Int64(seconds))
        }
        return limits
    }

    private var serverConfiguration: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.loops = loops
        configuration.backlog = backlog
        configuration.maxHeaderBytes = maxHeaderBytes
        configuration.maxBodyBytes = maxBodyBytes
        configuration.idleTimeout = idleTimeout.duration
        configuration.requestTimeout = requestTimeout.duration
        configuration.headerTimeout = headerTimeout.duration
        configuration.maxConnections = maxConnections
        configuration.maxConnectionsPerClient = maxConnectionsPerClient
        configuration.maxUnreadBytes = maxUnreadBytes
        configuration.lingerTimeout = lingerTimeout.duration
        configuration.maxInFlight = maxInFlight
        configuration.shutdownTimeout = shutdownTimeout.duration
        return configuration
    }
}
