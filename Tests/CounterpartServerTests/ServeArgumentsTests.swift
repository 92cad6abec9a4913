@testable import CounterpartServer
import Storage
import Testing

/// `serve`'s option table, read in process: each option lands in its own field, and each command
/// line goes to the command it names.
@Suite("serve's option table")
struct ServeArgumentsTests {
    /// Every option once, each with a value no default has (and `--rate-limit` twice).
    static let everyOption = [
        "--host", "0.0.0.0", "--port", "9001", "--loops", "3", "--backlog", "77", "--public-url", "http://a.test",
        "--web-url", "https://w.test", "--trust-proxy", "--shutdown-timeout", "11s", "--access-log", "--log-level",
        "debug", "--database", "memory", "--seed", "9", "--sqlite-locking", "shared", "--response-cache-bytes", "12345",
        "--max-sandboxes", "13", "--sandbox-idle", "14s", "--max-header-bytes", "2048", "--max-body-bytes", "4096",
        "--idle-timeout", "15s", "--header-timeout", "16s", "--request-timeout", "17s", "--max-connections", "18",
        "--max-connections-per-client", "19", "--max-unread-bytes", "8192", "--linger-timeout", "20s",
        "--max-in-flight", "21", "--dev", "--latency", "22..23ms", "--fault-rate", "0.5", "--rate-limit",
        "search=1/min", "--rate-limit", "newsletter=2/hour", "--token-ttl", "24s", "--max-streams-per-loop", "25",
        "--max-streams-per-client", "26", "--event-history", "27", "--event-heartbeat", "28s", "--event-retry", "29s",
        "--postgres-connections", "30", "--postgres-statement-timeout", "31s", "--postgres-operation-timeout", "32s",
        "--postgres-startup-wait", "33s",
    ]

    @Test("the test gives every option in the table, and the table no other")
    func coversTheTable() {
        let given = Set(Self.everyOption.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
        let table = Serve.sections.flatMap(\.options).map(\.name)
        #expect(Set(table) == given)
        #expect(table.count == Set(table).count, "an option is declared twice")
    }

    @Test("each option lands in its own field")
    func everyOptionLandsInItsField() throws {
        guard case .run(let serve) = try ServeArguments.read(Self.everyOption) else {
            Issue.record("every option together did not read as a run")
            return
        }
        let (server, storage, limits, demo) = (serve.server, serve.storage, serve.limits, serve.demo)
        #expect(server.host == "0.0.0.0" && server.port == 9001 && server.loops == 3 && server.backlog == 77)
        #expect(server.publicURL == "http://a.test" && server.webURL == "https://w.test")
        #expect(server.trustProxy && server.accessLog && server.logLevel == "debug")
        #expect(server.shutdownTimeout.duration == .seconds(11))
        #expect(storage.database.text == "memory" && storage.seed == 9 && storage.sqliteLocking == .shared)
        #expect(storage.responseCacheBytes == 12345 && storage.maxSandboxes == 13)
        #expect(storage.sandboxIdle.duration == .seconds(14))
        #expect(limits.maxHeaderBytes == 2048 && limits.maxBodyBytes == 4096 && limits.maxUnreadBytes == 8192)
        #expect(limits.idleTimeout.duration == .seconds(15) && limits.headerTimeout.duration == .seconds(16))
        #expect(limits.requestTimeout.duration == .seconds(17) && limits.lingerTimeout.duration == .seconds(20))
        #expect(limits.maxConnections == 18 && limits.maxConnectionsPerClient == 19 && limits.maxInFlight == 21)
        #expect(demo.dev && demo.latency?.milliseconds == 22...23 && demo.faultRate == 0.5)
        #expect(serve.domains.rateLimit == ["search=1/min", "newsletter=2/hour"])
        #expect(serve.domains.tokenTTL.duration == .seconds(24))
        #expect(serve.streams.maxStreamsPerLoop == 25 && serve.streams.maxStreamsPerClient == 26)
        #expect(serve.streams.eventHistory == 27 && serve.streams.eventHeartbeat.duration == .seconds(28))
        #expect(serve.streams.eventRetry.duration == .seconds(29))
        #expect(serve.postgres.postgresConnections == 30)
        #expect(serve.postgres.postgresStatementTimeout.duration == .seconds(31))
        #expect(serve.postgres.postgresOperationTimeout.duration == .seconds(32))
        #expect(serve.postgres.postgresStartupWait.duration == .seconds(33))
    }

    @Test(
        "each command line goes to the command it names",
        arguments: [
            ([], []),
            (["serve"], []),
            (["serve", "--port", "1"], ["--port", "1"]),
            (["--dev"], ["--dev"]),
            (["help", "serve"], ["--help"]),
            (["help", "serve", "--dev"], ["--help"]),
            (["--help"], nil),
            (["-h"], nil),
            (["--version"], nil),
            (["help"], nil),
            (["migrate", "--database", "x.sqlite"], nil),
            (["probe"], nil),
        ] as [([String], [String]?)])
    func routing(commandLine: [String], serveArguments: [String]?) {
        #expect(Serve.arguments(in: commandLine) == serveArguments)
    }
}
